/** MCP tools for tidying memory: consolidate and merge_memories (behaviour §4.8, §4.9). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { consolidateInputShape, mergeMemoriesInputShape } from '@kioku/consolidation/schemas';
import {
  consolidateOutputSchema,
  consolidateStructured,
  consolidateText,
  mergeMemoriesStructured,
  mergeMemoriesText,
  mergeMemoriesToolOutputSchema,
} from '@kioku/presenters';
import { runTool, type ToolDeps } from './tool-runner';

export function registerConsolidationTools(server: McpServer, deps: ToolDeps): void {
  const consolidation = () => import('@kioku/consolidation');
  server.registerTool(
    'consolidate',
    {
      title: 'Consolidate',
      description:
        'Tidy recent memory (window_hours, default 24): link, prune weak links, list near-duplicates and fading memories.',
      inputSchema: consolidateInputShape,
      outputSchema: consolidateOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(deps, 'consolidate', args, extra, async (container, context) => {
        const { ConsolidateUseCase } = await consolidation();
        const result = await container.get(ConsolidateUseCase).execute(args, context);
        return { text: consolidateText(result), structured: consolidateStructured(result) };
      }),
  );

  server.registerTool(
    'merge_memories',
    {
      title: 'Merge two memories',
      description:
        'Fold remove_id into keep_id (optionally with merged_content); links carry over, remove_id goes to the trash.',
      inputSchema: mergeMemoriesInputShape,
      outputSchema: mergeMemoriesToolOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'merge_memories', args, extra, async (container, context) => {
        const { MergeMemoriesUseCase } = await consolidation();
        const result = await container.get(MergeMemoriesUseCase).execute(args, context);
        return { text: mergeMemoriesText(result), structured: mergeMemoriesStructured(result) };
      }),
  );
}
