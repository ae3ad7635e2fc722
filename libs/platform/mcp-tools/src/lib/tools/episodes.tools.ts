/** MCP tools for episodes: create_episode and get_episode (SPEC §4.10). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CreateEpisodeUseCase,
  GetEpisodeUseCase,
  createEpisodeInputShape,
  createEpisodeOutputSchema,
  createEpisodeStructured,
  createEpisodeText,
  getEpisodeInputShape,
  getEpisodeOutputSchema,
  getEpisodeStructured,
  getEpisodeText,
} from '@kioku/episodes';
import { runTool, type ToolDeps } from './tool-runner';

export function registerEpisodeTools(server: McpServer, deps: ToolDeps): void {
  const { container, context } = deps;

  server.registerTool(
    'create_episode',
    {
      description: 'Group memories (by id) of one event under a summary.',
      inputSchema: createEpisodeInputShape,
      outputSchema: createEpisodeOutputSchema,
    },
    (args) =>
      runTool(deps, 'create_episode', args, async () => {
        const result = await container.get(CreateEpisodeUseCase).execute(args, context);
        return { text: createEpisodeText(result), structured: createEpisodeStructured(result) };
      }),
  );

  server.registerTool(
    'get_episode',
    {
      description: 'Show an episode and its memories that still exist.',
      inputSchema: getEpisodeInputShape,
      outputSchema: getEpisodeOutputSchema,
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool(deps, 'get_episode', args, async () => {
        const result = await container.get(GetEpisodeUseCase).execute(args, context);
        return { text: getEpisodeText(result), structured: getEpisodeStructured(result) };
      }),
  );
}
