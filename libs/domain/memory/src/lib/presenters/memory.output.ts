/**
 * Zod schemas of the structured results (MCP `outputSchema`, HTTP response bodies). They name the
 * fields programs rely on and stay open (loose objects) for the rest, which keeps the tool definitions
 * small (behaviour §8.1: all definitions together under 9,000 characters). The presenters' structured
 * functions produce these shapes.
 */
import { z } from 'zod';

/** A memory: id, content and the private flag are always present; other memory fields follow. */
export const memoryOutput = z.looseObject({ id: z.string(), content: z.string(), private: z.boolean() });

export const rememberOutputSchema = z.looseObject({
  status: z.enum(['saved', 'duplicate']),
  memory: memoryOutput.optional(),
  existing: memoryOutput.optional(),
});

export const recallOutputSchema = z.looseObject({
  results: z.array(memoryOutput),
});

export const updateMemoryOutputSchema = z.looseObject({
  status: z.enum(['updated', 'unchanged', 'not_found']),
});

export const linkMemoriesOutputSchema = z.looseObject({
  status: z.enum(['linked', 'exists', 'not_found']),
});
