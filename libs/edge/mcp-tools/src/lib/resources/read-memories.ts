/**
 * How the resources read memories: like a tool call, they wait for the app; a failed start or a store
 * error becomes a protocol error with kioku's code and safe message.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { toAppError } from '@kioku/kernel';
import type { ReadMemoriesUseCase } from '@kioku/memory';
import type { ToolDeps } from '../tools/tool-runner';

export async function readMemories<T>(
  deps: ToolDeps,
  read: (use: ReadMemoriesUseCase) => Promise<T>,
): Promise<T> {
  try {
    const container = await deps.container;
    const { ReadMemoriesUseCase } = await import('@kioku/memory');
    return await read(container.get(ReadMemoriesUseCase));
  } catch (error) {
    const { code, message } = toAppError(error);
    deps.logger.warn('resource.error', { error });
    throw new McpError(-32603, `${code}: ${message}`);
  }
}
