/**
 * MCP tools for the memory core: remember, recall, update_memory, link_memories (behaviour §4.1–§4.4).
 * Definitions come from the schemas entry point and the presenters; the library itself loads on the first call.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  linkMemoriesInputShape,
  recallInputShape,
  rememberBatchInputShape,
  rememberInputShape,
  updateMemoryInputShape,
} from '@kioku/memory/schemas';
import {
  linkMemoriesStructured,
  linkMemoriesText,
  linkMemoriesToolOutputSchema,
  recallOutputSchema,
  recallStructured,
  recallText,
  rememberBatchOutputSchema,
  rememberBatchStructured,
  rememberBatchText,
  rememberStructured,
  rememberText,
  rememberToolOutputSchema,
  updateMemoryStructured,
  updateMemoryText,
  updateMemoryToolOutputSchema,
} from '@kioku/presenters';
import { runTool, type ToolDeps } from './tool-runner';

export function registerMemoryTools(server: McpServer, deps: ToolDeps): void {
  const { clock } = deps;
  const memory = () => import('@kioku/memory');

  server.registerTool(
    'remember',
    {
      title: 'Remember',
      description:
        'Save a memory. A near-duplicate is refused and shown (force=true saves anyway). Similar memories get linked. private=true keeps it out of files and logs.',
      inputSchema: rememberInputShape,
      outputSchema: rememberToolOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'remember', args, extra, async (container, context) => {
        const { RememberUseCase } = await memory();
        const result = await container.get(RememberUseCase).execute(args, context);
        return { text: rememberText(result, clock.now()), structured: rememberStructured(result) };
      }),
  );

  server.registerTool(
    'remember_batch',
    {
      title: 'Remember many',
      description:
        'Save many memories at once (e.g. a conversation), in order: one result per item, as remember gives. ' +
        'Calls made while another is running are stored after it, in the order they arrive.',
      inputSchema: rememberBatchInputShape,
      outputSchema: rememberBatchOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'remember_batch', args, extra, async (container, context) => {
        const { RememberBatchUseCase } = await memory();
        const results = await container.get(RememberBatchUseCase).execute(args.memories, context);
        return { text: rememberBatchText(results), structured: rememberBatchStructured(results) };
      }),
  );

  server.registerTool(
    'recall',
    {
      title: 'Recall',
      description:
        'Find memories by meaning and by words (names, numbers, any language). Each result shows its id and private: true|false.',
      inputSchema: recallInputShape,
      outputSchema: recallOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'recall', args, extra, async (container, context) => {
        const { RecallUseCase } = await memory();
        const result = await container.get(RecallUseCase).execute(args, context);
        return { text: recallText(result, clock.now()), structured: recallStructured(result) };
      }),
  );

  server.registerTool(
    'update_memory',
    {
      title: 'Update a memory',
      description: 'Change a memory by id (importance 5 pins it).',
      inputSchema: updateMemoryInputShape,
      outputSchema: updateMemoryToolOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      runTool(deps, 'update_memory', args, extra, async (container, context) => {
        const { UpdateMemoryUseCase } = await memory();
        const result = await container.get(UpdateMemoryUseCase).execute(args, context);
        return { text: updateMemoryText(result), structured: updateMemoryStructured(result) };
      }),
  );

  server.registerTool(
    'link_memories',
    {
      title: 'Link two memories',
      description: 'Link two memories by id in both directions.',
      inputSchema: linkMemoriesInputShape,
      outputSchema: linkMemoriesToolOutputSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args, extra) =>
      runTool(deps, 'link_memories', args, extra, async (container, context) => {
        const { LinkMemoriesUseCase } = await memory();
        const result = await container.get(LinkMemoriesUseCase).execute(args, context);
        return { text: linkMemoriesText(result), structured: linkMemoriesStructured(result) };
      }),
  );
}
