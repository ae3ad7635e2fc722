/**
 * @kioku/mcp-tools/http: MCP over Streamable HTTP. Apart from the main entry because loading it loads
 * the SDK's HTTP transport and Node's fetch classes (~0.2 s at start, measured), which a stdio server
 * never uses.
 */
export { type SessionOwner, StreamableHttpSessions } from './lib/streamable-http-sessions';
