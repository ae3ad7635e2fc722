/**
 * Parses one line of an export file into its typed form, or throws an ExportFormatError naming the
 * line and the first field at fault. The header's format and version are checked before anything
 * else, so a file of another version is refused as such, not as a list of unknown fields.
 */
import type { z } from 'zod';
import type { ExportLine, HeaderLine, RecordLine, TrailerLine } from '../../domain/export-format';
import { EXPORT_FORMAT_NAME } from '../../domain/export-format';
import { ExportFormatError } from './export-format.errors';
import {
  SUPPORTED_VERSION,
  headerLineSchema,
  recordLineSchema,
  trailerLineSchema,
} from './export-line.schema';

export function parseExportLine(text: string, lineNumber: number): ExportLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ExportFormatError(lineNumber, 'not valid JSON (a cut-off or damaged line?)');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ExportFormatError(lineNumber, 'expected a JSON object');
  }
  const type = (value as { type?: unknown }).type;
  if (type === 'header') return parseHeader(value as Record<string, unknown>, lineNumber);
  if (type === 'trailer') return checked<TrailerLine>(trailerLineSchema, value, lineNumber);
  return checked<RecordLine>(recordLineSchema, value, lineNumber);
}

function parseHeader(value: Record<string, unknown>, lineNumber: number): HeaderLine {
  if (value.format !== EXPORT_FORMAT_NAME) {
    throw new ExportFormatError(lineNumber, `not a ${EXPORT_FORMAT_NAME} file`, 'format');
  }
  if (value.version !== SUPPORTED_VERSION) {
    throw new ExportFormatError(
      lineNumber,
      `format version ${JSON.stringify(value.version)} is not supported (this kioku reads version ${SUPPORTED_VERSION})`,
      'version',
    );
  }
  return checked<HeaderLine>(headerLineSchema, value, lineNumber);
}

/** The schema's output, typed as the format's line type it describes. */
function checked<T extends ExportLine>(schema: z.ZodType, value: unknown, lineNumber: number): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data as T;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new ExportFormatError(lineNumber, issue?.message ?? 'invalid line', field);
}
