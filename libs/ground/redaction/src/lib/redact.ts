/**
 * The single sanitiser every log record passes through (behaviour §10, design note 003 §6).
 *
 * A record that involves a private memory anywhere — an object marked `private: true` or
 * `isPrivate: true` (tool args, a memory in a result), or the record-level flag
 * `involvesPrivate: true` set by a caller that knows (e.g. an update of a private memory) — is
 * tainted as a whole: every content field becomes `[REDACTED_PRIVATE_MEMORY]` (with its length
 * kept as `content_length`), every other free-text field `[REDACTED_PRIVATE_FIELD]`, output text
 * `[REDACTED_PRIVATE_OUTPUT]`. Harmless metadata stays: ids, `private`, `category`, `importance`,
 * `force`, counts — but only in the form the service itself would write them: a category outside
 * the known ones, an importance that is not 1–5 or a date filter that is not a date is input as given
 * and is redacted like free text. A record without private involvement passes unchanged.
 *
 * Errors are always reduced to name, code and — for AppErrors, whose messages are safe by
 * construction — message; other errors' messages may quote data and are left out.
 */
import { types } from 'node:util';
import { isAppError } from '@kioku/kernel';
import { MEMORY_CATEGORIES } from '@kioku/categories';

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

/** Kept keys whose value is kept only in a well-formed shape (otherwise it is what the caller typed). */
const SHAPED_KEYS: Record<string, (value: unknown) => boolean> = {
  category: (v) => typeof v === 'string' && (MEMORY_CATEGORIES as readonly string[]).includes(v),
  importance: (v) =>
    (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^[1-5]$/.test(v)),
  date_from: isDateText,
  date_to: isDateText,
};

const MAX_DEPTH = 12;
const PRIVATE_MARKS = ['private', 'isPrivate', 'involvesPrivate'];

export function redact(value: unknown): unknown {
  return walk(value, containsPrivate(value), 0);
}

/** Whether any object in the value is marked private (or says it involves a private memory). */
export function containsPrivate(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || isError(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsPrivate(item, depth + 1));
  const source = value as Record<string, unknown>;
  if (PRIVATE_MARKS.some((mark) => isPrivateMark(source[mark]))) return true;
  return Object.values(source).some((child) => containsPrivate(child, depth + 1));
}

function walk(value: unknown, tainted: boolean, depth: number): unknown {
  if (depth > MAX_DEPTH) return '[TRUNCATED]';
  if (isError(value)) return describeError(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, tainted, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const shape = SHAPED_KEYS[key];
    if (tainted && shape && child !== undefined && !shape(child)) {
      out[key] = REDACTED_FIELD;
      continue;
    }
    if (
      tainted &&
      !KEPT_KEYS.has(key) &&
      (CONTENT_KEYS.has(key) || FREE_TEXT_KEYS.has(key)) &&
      child !== undefined
    ) {
      if (key === 'text') out[key] = REDACTED_OUTPUT;
      else if (CONTENT_KEYS.has(key)) {
        out[key] = REDACTED_MEMORY;
        if (typeof child === 'string') out.content_length = child.length;
      } else out[key] = REDACTED_FIELD;
      continue;
    }
    out[key] = walk(child, tainted, depth + 1);
  }
  return out;
}

function isDateText(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
  );
}

function isPrivateMark(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** An error, also one made in another realm (a VM context, where `instanceof Error` is false). */
function isError(value: unknown): value is Error {
  return value instanceof Error || types.isNativeError(value);
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
  if (isError(error.cause)) described.cause = describeError(error.cause);
  return described;
}
