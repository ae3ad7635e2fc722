/** MCP tool for the start of a session: wake_up (SPEC §4.11). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WakeUpUseCase, wakeUpOutputSchema, wakeUpStructured, wakeUpText } from '@kioku/consolidation';
import { runTool, type ToolDeps } from './tool-runner';

export function registerSessionTools(server: McpServer, deps: ToolDeps): void {
  const { container, context, clock } = deps;

  server.registerTool(
    'wake_up',
    {
      description: 'Call at the start of a session: a short orientation on your memory.',
      inputSchema: {},
      outputSchema: wakeUpOutputSchema,
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool(deps, 'wake_up', args, async () => {
        const result = await container.get(WakeUpUseCase).execute({}, context);
        return { text: wakeUpText(result, clock.now()), structured: wakeUpStructured(result) };
      }),
  );
}
