/**
 * Zod shapes for the memory fields shared by remember and update_memory. They are lenient where the
 * spec normalises (unknown category → daily, non-numeric importance → 3) and strict where a wrong type
 * would silently lose data (content must be a string, tags strings).
 */
import { z } from 'zod';
import { AppError } from '@kioku/kernel';

/**
 * Limits on every text input, stated in the schemas so that clients see them and an oversize value is
 * refused before any work. Content has its own configured limit (KIOKU_MAX_CONTENT_LENGTH, checked by
 * the use cases); the schemas state the most that setting allows.
 */
export const INPUT_LIMITS = Object.freeze({
  /** Content (remember, update_memory, merged content): the ceiling of KIOKU_MAX_CONTENT_LENGTH. */
  contentLength: 100_000,
  /** Memories in one batch remember: the ceiling of KIOKU_MAX_BATCH_SIZE. */
  batchItems: 1_000,
  /** A recall or forget query, in characters. */
  queryLength: 4_000,
  /** A memory or episode id (kioku's ids are 16 characters or fewer). */
  idLength: 64,
  /** A category, an emotion, an importance given as text. */
  nameLength: 64,
  /** A date filter (ISO 8601). */
  dateLength: 40,
  /** Tags (and secondary emotions) per memory or per recall filter. */
  listItems: 50,
  /** One tag or secondary emotion, in characters. */
  itemLength: 100,
});

export const stringList = z.array(z.string().max(INPUT_LIMITS.itemLength)).max(INPUT_LIMITS.listItems);
export const idString = z.string().max(INPUT_LIMITS.idLength);
export const nameString = z.string().max(INPUT_LIMITS.nameLength);
export const dateString = z.string().max(INPUT_LIMITS.dateLength);
export const contentString = z.string().max(INPUT_LIMITS.contentLength);

export const memoryFieldsShape = {
  category: nameString.optional().describe('e.g. daily, technical'),
  importance: z.union([z.number(), nameString]).optional().describe('1-5; 5 pins'),
  emotion: nameString.optional().describe('e.g. happy, sad, curious'),
  secondary: stringList.optional(),
  intensity: z.number().optional(),
  valence: z.number().optional(),
  arousal: z.number().optional(),
  tags: stringList.optional(),
  private: z.boolean().optional(),
};

/** The memory fields of an input (remember's, update_memory's), named as on the wire. */
export type MemoryFields = z.infer<z.ZodObject<typeof memoryFieldsShape>>;

/**
 * An update changes importance only to a number (or text that reads as one, "4"): remember defaults a
 * word to 3 (behaviour §2.1), but an update that asked for "very high" and quietly kept 3 would answer
 * as if it had done what was asked.
 */
export function assertImportanceIsNumber(importance: number | string | undefined): void {
  if (importance === undefined) return;
  const n = typeof importance === 'string' && importance.trim() !== '' ? Number(importance) : importance;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw AppError.invalidInput('importance must be a number from 1 to 5 (5 pins).', { field: 'importance' });
}

/** Arguments that arrive wrapped in XML-like markup are a known client bug (behaviour §4.1 step 1). */
const XML_WRAPPED = /<\/?(parameter|invoke|function_calls|antml:[a-z_]+)\b[^>]*>/i;

export function assertNotXmlWrapped(fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === 'string' && XML_WRAPPED.test(t))) {
      throw new XmlWrappedArgumentError(name);
    }
  }
}

class XmlWrappedArgumentError extends AppError {
  constructor(field: string) {
    super(
      'INVALID_INPUT',
      `The "${field}" argument arrived wrapped in XML-like markup (e.g. <parameter name="...">), a known client bug. ` +
        'Nothing was saved. Send the plain value instead.',
      { details: { field } },
    );
  }
}

/** Control characters other than tab and line breaks (a NUL would reach files and logs raw). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;
/**
 * What shows nothing: whitespace, format characters (zero-width spaces and joiners, BOM, bidi marks),
 * the other default-ignorable characters (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation
 * selectors) and the braille blank U+2800.
 */
const INVISIBLE = /[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Which input rule the content breaks (empty, nothing visible, a control character), if any. */
export function contentRuleBroken(content: string): string | undefined {
  const trimmed = content.trim();
  if (trimmed.length === 0) return 'content must not be empty.';
  if (trimmed.replace(INVISIBLE, '').length === 0)
    return 'content must contain visible text, not only invisible characters.';
  if (CONTROL.test(trimmed))
    return 'content must not contain control characters (only tabs and line breaks).';
  return undefined;
}

/** Validates and trims content: visible text, no control characters, at most `maxLength` characters. */
export function normalizeContent(content: string, maxLength: number): string {
  const broken = contentRuleBroken(content);
  if (broken) throw AppError.invalidInput(broken);
  const trimmed = content.trim();
  const length = Array.from(trimmed).length;
  if (length > maxLength) {
    throw AppError.invalidInput(`content is too long: ${length} characters (at most ${maxLength}).`, {
      length,
      maxLength,
    });
  }
  return trimmed;
}
