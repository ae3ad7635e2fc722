/**
 * Maps any error to an MCP tool error result: a stable code and a safe message, never a stack trace,
 * a URL with credentials or private content (AppError messages are safe by construction; anything
 * else becomes `INTERNAL`).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toAppError } from '@kioku/kernel';

export function toToolResult(error: unknown): CallToolResult {
  const appError = toAppError(error);
  return {
    isError: true,
    content: [{ type: 'text', text: `${appError.code}: ${appError.message}` }],
  };
}
