/**
 * Log messages to the MCP client (`notifications/message`, filtered by the level the client set with
 * `logging/setLevel`). Only what the server writes here reaches the client: event names, tool names,
 * durations, counts, error codes and kioku's own safe error messages — never arguments, content or
 * results, so nothing private can leave this way. Each session hears only about its own calls and the
 * server's start.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';

export type ClientLogData = { event: string } & Record<string, string | number | boolean>;

export function sendClientLog(server: McpServer, level: LoggingLevel, data: ClientLogData): void {
  if (!server.isConnected()) return;
  // The SDK keeps each client's level under its transport's session id (none over stdio): the same
  // key must be given here, or an HTTP session's level is not found and every message is sent.
  const sessionId = server.server.transport?.sessionId;
  // A client that went away must not fail the call that was logging.
  server.sendLoggingMessage({ level, logger: 'kioku', data }, sessionId).catch(() => undefined);
}
