/**
 * The zod schemas of every line of the export format (docs/export-format.md). Objects are strict:
 * a field the format does not define is an error, so a typo never passes silently. Timestamps are
 * ISO-8601 with an offset; the fields stored empty by older versions (a link's or an episode's
 * time) may be empty strings.
 */
import { z } from 'zod';
import { EPISODE_ID_PATTERN, MEMORY_ID_PATTERN } from '@kioku/kernel';
import { MEMORY_CATEGORIES } from '@kioku/categories';
import { DELETION_REASONS } from '@kioku/forgetting';
import { EMOTIONS, contentRuleBroken } from '@kioku/memory';
import { INPUT_LIMITS } from '@kioku/memory/schemas';
import { LINK_TYPES } from '@kioku/links';
import { EXPORT_FORMAT_NAME, EXPORT_FORMAT_VERSION } from '../../domain/export-format';

const MAX_ID = 64;
const MAX_CONTENT = 100_000;

const timestamp = z.iso.datetime({ offset: true });
const timestampOrEmpty = z.union([timestamp, z.literal('')]);
// An import keeps the input rules of remember: kioku's own ids, content with visible text and no
// control characters, bounded tags (a file is input like any other, and ids reach file names).
const memoryId = z.string().regex(MEMORY_ID_PATTERN, 'not a kioku memory id (mem_ and 12 hex digits)');
const episodeId = z.string().regex(EPISODE_ID_PATTERN, 'not a kioku episode id (ep_ and 12 hex digits)');
const content = z
  .string()
  .max(MAX_CONTENT)
  .superRefine((text, context) => {
    const broken = contentRuleBroken(text);
    if (broken) context.addIssue({ code: 'custom', message: broken });
  });
const emotionName = z.enum(EMOTIONS as [string, ...string[]]);
const vector = z.array(z.number().finite()).min(1).max(65_536);

const memorySchema = z.strictObject({
  id: memoryId,
  content,
  createdAt: timestamp,
  updatedAt: timestamp,
  category: z.enum(MEMORY_CATEGORIES),
  importance: z.number().int().min(1).max(5),
  emotion: z.strictObject({
    primary: emotionName,
    secondary: z.array(emotionName).max(INPUT_LIMITS.listItems),
    intensity: z.number().min(0).max(1),
    valence: z.number().min(-1).max(1),
    arousal: z.number().min(0).max(1),
  }),
  tags: z.array(z.string().min(1).max(INPUT_LIMITS.itemLength)).max(INPUT_LIMITS.listItems),
  isPrivate: z.boolean(),
  accessCount: z.number().int().min(0),
  lastAccessedAt: timestamp.nullable(),
  embeddingModel: z.string().max(200),
  precedingId: memoryId.optional(),
  followingId: memoryId.optional(),
});

const linkSchema = z.strictObject({
  sourceId: memoryId,
  targetId: memoryId,
  type: z.enum(LINK_TYPES),
  confidence: z.number().min(0).max(1),
  note: z.string().max(2_000),
  createdAt: timestampOrEmpty,
  replayedAt: timestamp.optional(),
});

export const headerLineSchema = z.strictObject({
  type: z.literal('header'),
  format: z.literal(EXPORT_FORMAT_NAME),
  version: z.number().int(),
  namespace: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/),
  exportedAt: timestamp,
  embeddingModel: z.strictObject({ id: z.string().min(1).max(200), dimension: z.number().int().min(1) }),
  withVectors: z.boolean(),
  includesPrivate: z.boolean(),
});

const countsSchema = z.strictObject({
  memory: z.number().int().min(0),
  link: z.number().int().min(0),
  episode: z.number().int().min(0),
  trash: z.number().int().min(0),
  setting: z.number().int().min(0),
});

export const recordLineSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('memory'), memory: memorySchema, vector: vector.optional() }),
  z.strictObject({ type: z.literal('link'), link: linkSchema }),
  z.strictObject({
    type: z.literal('episode'),
    episode: z.strictObject({
      id: episodeId,
      summary: z.string().max(2_000),
      memoryIds: z.array(memoryId),
      startTime: timestampOrEmpty,
      endTime: timestampOrEmpty,
      importance: z.number().int().min(1).max(5),
      createdAt: timestampOrEmpty,
    }),
  }),
  z.strictObject({
    type: z.literal('trash'),
    entry: z.strictObject({
      memory: memorySchema,
      links: z.array(linkSchema),
      deletedAt: timestamp,
      reason: z.enum(DELETION_REASONS),
      restoring: z.boolean(),
    }),
    vector: vector.optional(),
  }),
  z.strictObject({
    type: z.literal('setting'),
    key: z.string().min(1).max(MAX_ID),
    value: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
]);

export const trailerLineSchema = z.strictObject({ type: z.literal('trailer'), counts: countsSchema });

/** The version this build reads; a header with another version is refused before any other check. */
export const SUPPORTED_VERSION = EXPORT_FORMAT_VERSION;
