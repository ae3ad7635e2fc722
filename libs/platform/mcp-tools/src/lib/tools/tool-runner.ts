/**
 * The shared shape of every tool handler: run the use case, log the call through the redacting
 * logger, return text plus structuredContent, map errors. Handlers stay three lines.
 *
 * The call is logged once it has run, marked `involvesPrivate` unless it is known to touch only
 * public memories, and the redaction library strips every free-text field from a marked record.
 * Known public means: a `remember` whose arguments and result are not private. Every other tool may
 * name a private memory without saying so in its arguments (an update, a merge, a link note), and a
 * failed call proves nothing, so those are always marked.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Container } from 'inversify';
import type { Clock, Logger } from '@kioku/kernel';
import type { CallContext } from '@kioku/memory';
import { containsPrivate } from '@kioku/redaction';
import { toToolResult } from '../to-tool-result';

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
  try {
    const output = await run();
    const involvesPrivate =
      tool !== 'remember' || containsPrivate(args) || containsPrivate(output.structured);
    const durationMs = Date.now() - started;
    deps.logger.info('tool.invoke', { tool, args, durationMs, involvesPrivate });
    deps.logger.debug('tool.result', {
      tool,
      involvesPrivate,
      output: { text: output.text, structured: output.structured },
    });
    return { content: [{ type: 'text', text: output.text }], structuredContent: output.structured };
  } catch (error) {
    deps.logger.warn('tool.error', {
      tool,
      args,
      durationMs: Date.now() - started,
      involvesPrivate: true,
      error,
    });
    return toToolResult(error);
  }
}
