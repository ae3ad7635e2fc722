/** Public API of @kioku/mcp-tools: what other projects use; everything else is internal. */
export { sendClientLog } from './lib/client-log';
export { type McpServerServices, createMcpServer } from './lib/mcp-server.factory';
