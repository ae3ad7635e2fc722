export * from './lib/mcp-server.factory';
export * from './lib/to-tool-result';
