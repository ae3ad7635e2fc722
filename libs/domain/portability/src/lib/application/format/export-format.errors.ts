/**
 * Why an import input was refused: the line number and, when one field is at fault, its path
 * (`memory.emotion.valence`). The message never quotes a value from the file (it may be private).
 */
import { AppError } from '@kioku/kernel';

export class ExportFormatError extends AppError {
  constructor(line: number, problem: string, field?: string) {
    super('INVALID_INPUT', `Line ${line}: ${field ? `${field}: ` : ''}${problem}`, {
      details: { line, field: field ?? null },
    });
  }
}
