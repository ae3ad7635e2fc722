/** MCP tools for letting go safely: forget (two-call confirmation, query, sweep) and restore (behaviour §4.5, §4.7, §7). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { forgetInputSchema, restoreInputShape } from '@kioku/forgetting/schemas';
import {
  forgetStructured,
  forgetText,
  forgetToolOutputSchema,
  restoreStructured,
  restoreText,
  restoreToolOutputSchema,
} from '@kioku/presenters';
import { runTool, type ToolDeps } from './tool-runner';

export function registerForgettingTools(server: McpServer, deps: ToolDeps): void {
  const { clock } = deps;
  const forgetting = () => import('@kioku/forgetting');

  server.registerTool(
    'forget',
    {
      title: 'Forget',
      description:
        'Delete by exact id in two calls: the first call with memory_id(s) only asks for confirmation; ' +
        'the same id again within 5 minutes deletes it (restore undoes it). query lists candidates, deleting nothing. ' +
        'sweep: true reports auto-forget candidates (dry run); then dry_run: false drops exactly those. Pinned and protected memories are kept.',
      inputSchema: forgetInputSchema,
      outputSchema: forgetToolOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'forget', args, extra, async (container, context) => {
        const { ForgetUseCase } = await forgetting();
        const result = await container.get(ForgetUseCase).execute(args, context);
        return { text: forgetText(result, clock.now()), structured: forgetStructured(result) };
      }),
  );

  server.registerTool(
    'restore',
    {
      title: 'Restore from the trash',
      description: 'Bring a forgotten memory back from the trash, with its links.',
      inputSchema: restoreInputShape,
      outputSchema: restoreToolOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'restore', args, extra, async (container, context) => {
        const { RestoreUseCase } = await forgetting();
        const result = await container.get(RestoreUseCase).execute(args, context);
        return { text: restoreText(result), structured: restoreStructured(result) };
      }),
  );
}
