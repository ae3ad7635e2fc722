/**
 * Memories as MCP resources: `kioku://memories/{id}` (one per memory; JSON of the memory), listed
 * newest first (the newest LIST_LIMIT public ones). Private memories are neither listed nor readable
 * unless the URI asks for them with `?include_private=true`. Reading counts no access. The template's
 * `id` completes with the ids of public memories (`completion/complete`).
 */
import { McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { snippet } from '@kioku/kernel';
import { memoryView } from '@kioku/operations';
import type { Memory } from '@kioku/memory';
import type { Completers } from '../completion/completers';
import type { ToolDeps } from '../tools/tool-runner';
import { readMemories } from './read-memories';

const MEMORY_URI_TEMPLATE = 'kioku://memories/{id}';
const LIST_LIMIT = 100;
/** JSON-RPC error code the MCP specification gives to an unknown resource. */
const RESOURCE_NOT_FOUND = -32002;

function memoryUri(id: string): string {
  return `kioku://memories/${id}`;
}

export function registerMemoryResources(server: McpServer, deps: ToolDeps, completers: Completers): void {
  const template = new ResourceTemplate(MEMORY_URI_TEMPLATE, {
    list: async () => {
      const memories = await readMemories(deps, (use) => use.newest(deps.context, LIST_LIMIT));
      return { resources: memories.map(describe) };
    },
    // The ids of the namespace's public memories, newest first, by prefix.
    complete: { id: completers.memoryIds },
  });
  server.registerResource(
    'memory',
    template,
    {
      title: 'A memory',
      description: `One memory as JSON, by id (the ${LIST_LIMIT} newest public ones are listed). Add ?include_private=true to read a private one.`,
      mimeType: 'application/json',
    },
    async (uri): Promise<ReadResourceResult> => {
      const id = uri.pathname.replace(/^\//, '');
      const includePrivate = uri.searchParams.get('include_private') === 'true';
      const memory = await readMemories(deps, (use) => use.get(id, deps.context, { includePrivate }));
      if (!memory) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${memoryUri(id)}`);
      const text = JSON.stringify(memoryView(memory), null, 2);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );
}

function describe(memory: Memory) {
  return {
    uri: memoryUri(memory.id),
    name: memory.id,
    title: snippet(memory.content, 60),
    mimeType: 'application/json',
  };
}
