/**
 * The shared shape of every tool handler: wait for the app (the store and the model start in the
 * background, so a call that arrives early waits, and a failed start is this call's error), run the
 * use case, log the call through the redacting logger, tell the client (a log message with no
 * content, progress when the client asked for it), return text plus structuredContent, map errors.
 * Handlers stay three lines.
 *
 * The call is logged once it has run, marked `involvesPrivate` unless it is known to touch only
 * public memories, and the redaction library strips every free-text field from a marked record.
 * Known public means: a `remember` whose arguments and result are not private. Every other tool may
 * name a private memory without saying so in its arguments (an update, a merge, a link note), and a
 * failed call proves nothing, so those are always marked.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Container } from 'inversify';
import { toAppError, type Clock, type Logger } from '@kioku/kernel';
import type { CallContext } from '@kioku/call-context';
import { containsPrivate } from '@kioku/redaction';
import { toToolResult } from '../to-tool-result';
import { sendClientLog } from '../client-log';
import { progressReporter, type RequestExtra } from '../progress';

export interface ToolDeps {
  /** The app's container: pending while the store and the model start; rejected if they could not. */
  container: Promise<Container>;
  context: CallContext;
  clock: Clock;
  logger: Logger;
  server: McpServer;
}

export interface ToolOutput {
  text: string;
  structured: Record<string, unknown>;
}

export async function runTool(
  deps: ToolDeps,
  tool: string,
  args: Record<string, unknown>,
  extra: RequestExtra,
  run: (container: Container, context: CallContext) => Promise<ToolOutput>,
): Promise<CallToolResult> {
  const started = Date.now();
  try {
    const context = { ...deps.context, progress: progressReporter(extra) };
    const output = await run(await deps.container, context);
    const involvesPrivate =
      tool !== 'remember' || containsPrivate(args) || containsPrivate(output.structured);
    const durationMs = Date.now() - started;
    deps.logger.info('tool.invoke', { tool, args, durationMs, involvesPrivate });
    deps.logger.debug('tool.result', {
      tool,
      involvesPrivate,
      output: { text: output.text, structured: output.structured },
    });
    sendClientLog(deps.server, 'debug', { event: 'tool.invoke', tool, durationMs });
    return { content: [{ type: 'text', text: output.text }], structuredContent: output.structured };
  } catch (error) {
    const durationMs = Date.now() - started;
    deps.logger.warn('tool.error', { tool, args, durationMs, involvesPrivate: true, error });
    const { code, message } = toAppError(error);
    sendClientLog(deps.server, 'warning', { event: 'tool.error', tool, durationMs, code, message });
    return toToolResult(error);
  }
}
