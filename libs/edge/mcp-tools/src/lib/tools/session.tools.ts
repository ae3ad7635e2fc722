/** MCP tool for the start of a session: wake_up (behaviour §4.11). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { wakeUpOutputSchema, wakeUpStructured, wakeUpText } from '@kioku/presenters';
import { runTool, type ToolDeps } from './tool-runner';

export function registerSessionTools(server: McpServer, deps: ToolDeps): void {
  const { clock } = deps;
  const consolidation = () => import('@kioku/consolidation');

  server.registerTool(
    'wake_up',
    {
      title: 'Wake up',
      description: 'Call at the start of a session: a short orientation on your memory.',
      inputSchema: {},
      outputSchema: wakeUpOutputSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(deps, 'wake_up', args, extra, async (container, context) => {
        const { WakeUpUseCase } = await consolidation();
        const result = await container.get(WakeUpUseCase).execute({}, context);
        return { text: wakeUpText(result, clock.now()), structured: wakeUpStructured(result) };
      }),
  );
}
