/**
 * The single sanitiser every log record passes through (SPEC §10, seed 003 §6). Rules:
 * - a tool call whose args say `private: true` keeps only harmless metadata: `content` becomes
 *   `[REDACTED_PRIVATE_MEMORY]`, every other free-text field `[REDACTED_PRIVATE_FIELD]`, and
 *   `content_length`, `private`, `category`, `importance`, `force` stay;
 * - any object marked private (`private: true` or `isPrivate: true`), e.g. a memory inside a tool
 *   result, gets the same treatment;
 * - an object that contains a private item anywhere below it (a recall result, a forget response)
 *   has its free-text `text` fields redacted too, since the text quotes the private memory;
 * - errors are reduced to name, code and (for AppErrors, whose messages are safe by construction)
 *   message; other errors' messages may quote data and are left out.
 */
import { isAppError } from '@kioku/kernel';

export const REDACTED_MEMORY = '[REDACTED_PRIVATE_MEMORY]';
export const REDACTED_FIELD = '[REDACTED_PRIVATE_FIELD]';
export const REDACTED_OUTPUT = '[REDACTED_PRIVATE_OUTPUT]';

/** Keys whose values are free text written by the agent. */
const FREE_TEXT_KEYS = new Set([
  'secondary',
  'tags',
  'emotion',
  'note',
  'summary',
  'query',
  'snippet',
  'preview',
  'contentPreview',
  'merged_content',
  'mergedContent',
  'text',
]);
const CONTENT_KEYS = new Set(['content', 'existingContent', 'document']);
const KEPT_KEYS = new Set([
  'content_length',
  'private',
  'isPrivate',
  'category',
  'importance',
  'force',
  'id',
  'memory_id',
]);

const MAX_DEPTH = 12;

export function redact(value: unknown): unknown {
  return walk(value, 0).value;
}

function walk(value: unknown, depth: number): { value: unknown; containsPrivate: boolean } {
  if (depth > MAX_DEPTH) return { value: '[TRUNCATED]', containsPrivate: false };
  if (value instanceof Error) return { value: describeError(value), containsPrivate: false };
  if (Array.isArray(value)) {
    const items = value.map((item) => walk(item, depth + 1));
    return { value: items.map((i) => i.value), containsPrivate: items.some((i) => i.containsPrivate) };
  }
  if (value === null || typeof value !== 'object') return { value, containsPrivate: false };

  const source = value as Record<string, unknown>;
  const isPrivate = isPrivateMark(source.private) || isPrivateMark(source.isPrivate);
  const out: Record<string, unknown> = {};
  let containsPrivate = isPrivate;
  for (const [key, child] of Object.entries(source)) {
    if (isPrivate && !KEPT_KEYS.has(key)) {
      if (CONTENT_KEYS.has(key)) {
        out[key] = REDACTED_MEMORY;
        if (typeof child === 'string' && !('content_length' in source)) out.content_length = child.length;
        continue;
      }
      if (FREE_TEXT_KEYS.has(key)) {
        out[key] = REDACTED_FIELD;
        continue;
      }
    }
    const walked = walk(child, depth + 1);
    out[key] = walked.value;
    containsPrivate ||= walked.containsPrivate;
  }
  if (containsPrivate) redactQuotedText(out);
  return { value: out, containsPrivate };
}

/** Text that may quote a private memory (tool output text, MCP content blocks) is dropped. */
function redactQuotedText(out: Record<string, unknown>): void {
  for (const key of ['text', 'content', 'message']) {
    const v = out[key];
    if (typeof v === 'string' && v !== REDACTED_MEMORY && v !== REDACTED_FIELD) out[key] = REDACTED_OUTPUT;
    if (Array.isArray(v)) {
      out[key] = v.map((block: unknown) =>
        block && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string'
          ? { ...block, text: REDACTED_OUTPUT }
          : block,
      );
    }
  }
}

function isPrivateMark(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function describeError(error: Error): Record<string, unknown> {
  const described: Record<string, unknown> = { name: error.name };
  if (isAppError(error)) {
    described.code = error.code;
    described.message = error.message;
  } else {
    const code = (error as Error & { code?: unknown }).code;
    if (typeof code === 'string') described.code = code;
  }
  if (error.cause instanceof Error) described.cause = describeError(error.cause);
  return described;
}
