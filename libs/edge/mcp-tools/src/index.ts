export * from './lib/mcp-server.factory';
export * from './lib/to-tool-result';
export * from './lib/client-log';
export * from './lib/resources/memory.resources';
export * from './lib/streamable-http-sessions';
