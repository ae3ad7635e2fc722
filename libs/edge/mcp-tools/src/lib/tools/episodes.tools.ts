/** MCP tools for episodes: create_episode and get_episode (behaviour §4.10). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createEpisodeInputShape, getEpisodeInputShape } from '@kioku/episodes/schemas';
import {
  createEpisodeOutputSchema,
  createEpisodeStructured,
  createEpisodeText,
  getEpisodeStructured,
  getEpisodeText,
  getEpisodeToolOutputSchema,
} from '@kioku/presenters';
import { runTool, type ToolDeps } from './tool-runner';

export function registerEpisodeTools(server: McpServer, deps: ToolDeps): void {
  const episodes = () => import('@kioku/episodes');
  server.registerTool(
    'create_episode',
    {
      title: 'Create an episode',
      description: 'Group memories (by id) of one event under a summary.',
      inputSchema: createEpisodeInputShape,
      outputSchema: createEpisodeOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'create_episode', args, extra, async (container, context) => {
        const { CreateEpisodeUseCase } = await episodes();
        const result = await container.get(CreateEpisodeUseCase).execute(args, context);
        return { text: createEpisodeText(result), structured: createEpisodeStructured(result) };
      }),
  );

  server.registerTool(
    'get_episode',
    {
      title: 'Get an episode',
      description: 'Show an episode and its memories that still exist.',
      inputSchema: getEpisodeInputShape,
      outputSchema: getEpisodeToolOutputSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(deps, 'get_episode', args, extra, async (container, context) => {
        const { GetEpisodeUseCase } = await episodes();
        const result = await container.get(GetEpisodeUseCase).execute(args, context);
        return { text: getEpisodeText(result), structured: getEpisodeStructured(result) };
      }),
  );
}
