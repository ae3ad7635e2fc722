/**
 * Zod schemas of the structured results (MCP `outputSchema`, HTTP response bodies). The presenters'
 * structured functions produce exactly these shapes.
 */
import { z } from 'zod';

export const emotionOutput = z.object({
  primary: z.string(),
  secondary: z.array(z.string()),
  intensity: z.number(),
  valence: z.number(),
  arousal: z.number(),
});

export const memoryOutput = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  category: z.string(),
  importance: z.number(),
  emotion: emotionOutput,
  tags: z.array(z.string()),
  private: z.boolean(),
  accessCount: z.number(),
  lastAccessedAt: z.string().nullable(),
});

export const rememberOutputShape = {
  status: z.enum(['saved', 'duplicate']),
  memory: memoryOutput.optional().describe('The saved memory (status saved)'),
  linked: z.array(z.object({ id: z.string(), similarity: z.number(), private: z.boolean() })).optional(),
  existing: memoryOutput.optional().describe('The near-duplicate that blocked the save (status duplicate)'),
  similarity: z.number().optional(),
};

export const recallOutputShape = {
  results: z.array(
    memoryOutput.extend({ similarity: z.number(), score: z.number(), source: z.enum(['vector', 'lexical', 'link']) }),
  ),
};

export const updateMemoryOutputShape = {
  status: z.enum(['updated', 'unchanged', 'not_found']),
  memory: memoryOutput.optional(),
  memoryId: z.string().optional(),
  changed: z.array(z.string()).optional(),
  relinked: z.number().optional(),
};

export const linkMemoriesOutputShape = {
  status: z.enum(['linked', 'exists', 'not_found']),
  sourceId: z.string().optional(),
  targetId: z.string().optional(),
  type: z.string().optional(),
  confidence: z.number().optional(),
  missingIds: z.array(z.string()).optional(),
};
