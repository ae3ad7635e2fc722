/** Validates raw input with a zod schema and turns failures into one readable INVALID_INPUT error. */
import type { z } from 'zod';
import { AppError } from '@kioku/kernel';

export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `${path}: ${issue.message}`;
  });
  throw AppError.invalidInput(`Invalid input — ${problems.join('; ')}`);
}
