/**
 * `kioku://memories/recent`: the newest public memories as one JSON resource (newest first), for a
 * client to attach or to subscribe to: it is told whenever a public memory is saved, changed or
 * forgotten (see live-resources.ts). Reading counts no access.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { memoryView } from '@kioku/operations';
import type { ToolDeps } from '../tools/tool-runner';
import { readMemories } from './read-memories';

export const RECENT_MEMORIES_URI = 'kioku://memories/recent';
const RECENT_LIMIT = 20;

export function registerRecentMemories(server: McpServer, deps: ToolDeps): void {
  server.registerResource(
    'recent-memories',
    RECENT_MEMORIES_URI,
    {
      title: 'Recent memories',
      description: `The ${RECENT_LIMIT} newest public memories as JSON, newest first. Subscribe to hear when they change.`,
      mimeType: 'application/json',
    },
    async (uri): Promise<ReadResourceResult> => {
      const memories = await readMemories(deps, (use) => use.newest(deps.context, RECENT_LIMIT));
      const text = JSON.stringify(memories.map(memoryView), null, 2);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );
}
