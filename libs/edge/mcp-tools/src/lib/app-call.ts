/**
 * How everything but a tool call (resources, prompts, completions) reaches the app: it waits for the
 * app like a tool call; a failed start or a store error becomes a protocol error with kioku's code
 * and safe message (logged without content; bad input is the caller's "invalid params"), and an
 * McpError of our own passes as it is.
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Container } from 'inversify';
import { toAppError } from '@kioku/kernel';
import type { ToolDeps } from './tools/tool-runner';

export async function withApp<T>(
  deps: ToolDeps,
  event: string,
  run: (container: Container) => Promise<T>,
): Promise<T> {
  try {
    return await run(await deps.container);
  } catch (error) {
    if (error instanceof McpError) throw error;
    const { code, message } = toAppError(error);
    deps.logger.warn(event, { error });
    const invalid = code === 'INVALID_INPUT' || code === 'MEMORY_NOT_FOUND';
    throw new McpError(invalid ? ErrorCode.InvalidParams : ErrorCode.InternalError, `${code}: ${message}`);
  }
}
