/** MCP tools for letting go safely: forget (two-call confirmation, query, sweep) and restore (SPEC §4.5, §4.7, §7). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ForgetUseCase,
  RestoreUseCase,
  forgetInputSchema,
  forgetOutputSchema,
  forgetStructured,
  forgetText,
  restoreInputShape,
  restoreOutputSchema,
  restoreStructured,
  restoreText,
} from '@kioku/forgetting';
import { runTool, type ToolDeps } from './tool-runner';

export function registerForgettingTools(server: McpServer, deps: ToolDeps): void {
  const { container, context, clock } = deps;

  server.registerTool(
    'forget',
    {
      description:
        'Delete memories by exact id in two calls: the first call with memory_id (or memory_ids) only asks for confirmation; ' +
        'the same id again within 5 minutes deletes it (restorable with restore). query lists candidates with ids, deleting nothing. ' +
        'sweep: true reports auto-forget candidates (dry run); sweep with dry_run: false then drops exactly those. Pinned and protected memories are kept.',
      inputSchema: forgetInputSchema,
      outputSchema: forgetOutputSchema,
      annotations: { destructiveHint: true },
    },
    (args) =>
      runTool(deps, 'forget', args, async () => {
        const result = await container.get(ForgetUseCase).execute(args, context);
        return { text: forgetText(result, clock.now()), structured: forgetStructured(result) };
      }),
  );

  server.registerTool(
    'restore',
    {
      description: 'Bring a forgotten memory back from the trash by id, with its links.',
      inputSchema: restoreInputShape,
      outputSchema: restoreOutputSchema,
    },
    (args) =>
      runTool(deps, 'restore', args, async () => {
        const result = await container.get(RestoreUseCase).execute(args, context);
        return { text: restoreText(result), structured: restoreStructured(result) };
      }),
  );
}
