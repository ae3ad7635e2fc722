/**
 * The shared shape of every tool handler: log the invocation through the redacting logger, run the
 * use case, return text plus structuredContent, map errors. Handlers stay three lines.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Container } from 'inversify';
import type { Clock, Logger } from '@kioku/kernel';
import type { CallContext } from '@kioku/memory';
import { toToolResult } from '../errors/to-tool-result';

export interface ToolDeps {
  container: Container;
  context: CallContext;
  clock: Clock;
  logger: Logger;
}

export interface ToolOutput {
  text: string;
  structured: Record<string, unknown>;
}

export async function runTool(
  deps: ToolDeps,
  tool: string,
  args: Record<string, unknown>,
  run: () => Promise<ToolOutput>,
): Promise<CallToolResult> {
  const started = Date.now();
  deps.logger.info('tool.invoke', { tool, args });
  try {
    const output = await run();
    deps.logger.debug('tool.result', {
      tool,
      durationMs: Date.now() - started,
      output: { text: output.text, structured: output.structured },
    });
    return { content: [{ type: 'text', text: output.text }], structuredContent: output.structured };
  } catch (error) {
    deps.logger.warn('tool.error', { tool, durationMs: Date.now() - started, error });
    return toToolResult(error);
  }
}
