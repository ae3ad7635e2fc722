/** Runs `close` when the session's server closes, after whatever else was to run then. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function onSessionClose(server: McpServer, close: () => void): void {
  const before = server.server.onclose;
  server.server.onclose = () => {
    before?.();
    close();
  };
}
