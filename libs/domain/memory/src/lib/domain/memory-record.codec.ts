/**
 * Maps a memory to a vector-store record and back. Metadata is flat scalars. The keys that reads
 * filter on (category, importance, emotion, creation time, privacy, one boolean `tag_<tag>` per tag so that "any
 * of these tags" is a filter the store can run) and those rewritten in place (access counts, the
 * conversation thread, the embedding model on reembed) are keys of their own; every other field is one JSON value in `memory`. Each
 * key is a row Chroma writes and reads back (a memory with every field its own key read 40 % slower
 * than with them packed: `get`, `query` and `searchText` of 10,000 memories, measured). The document
 * is the search text (NFKC, lower case) used by the lexical recall path. Reading is tolerant
 * (behaviour §2.1) and also reads records written before the packing, with every field a key.
 */
import type { Metadata, MetadataValue, StoredRecord } from '@kioku/vector-store';
import type { Memory } from './memory';
import {
  normalizeBoolean,
  normalizeCategory,
  normalizeEmotion,
  normalizeImportance,
  normalizeTags,
} from './normalize';
import { searchText } from './lexical';

const TAG_KEY_PREFIX = 'tag_';
const PRECEDING_ID_KEY = 'precedingId';
export const FOLLOWING_ID_KEY = 'followingId';
/** The key holding the fields no read filters on, as one JSON object. */
const PACKED_KEY = 'memory';

export function tagKey(tag: string): string {
  return TAG_KEY_PREFIX + tag;
}

export function toMetadata(memory: Memory): Metadata {
  const packed = {
    content: memory.content,
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
    emotionSecondary: memory.emotion.secondary.join(','),
    intensity: memory.emotion.intensity,
    valence: memory.emotion.valence,
    arousal: memory.emotion.arousal,
    tags: JSON.stringify(memory.tags),
  };
  const metadata: Metadata = {
    [PACKED_KEY]: JSON.stringify(packed),
    createdAtMs: Date.parse(memory.createdAt),
    category: memory.category,
    importance: memory.importance,
    emotion: memory.emotion.primary,
    isPrivate: memory.isPrivate,
    accessCount: memory.accessCount,
    embeddingModel: memory.embeddingModel,
  };
  for (const tag of memory.tags) metadata[tagKey(tag)] = true;
  if (memory.precedingId) metadata[PRECEDING_ID_KEY] = memory.precedingId;
  if (memory.followingId) metadata[FOLLOWING_ID_KEY] = memory.followingId;
  if (memory.lastAccessedAt) {
    metadata.lastAccessedAt = memory.lastAccessedAt;
    metadata.lastAccessedAtMs = Date.parse(memory.lastAccessedAt);
  }
  return metadata;
}

/**
 * The record's metadata with exactly one `tag_<tag>` key per tag its memory holds (recall's tag filters
 * read those keys), every other key as it is; null when it has them already or is not a memory. A store
 * that merges metadata on write could keep the keys of tags a memory lost (writes raced each other).
 */
export function withTagKeysOfItsTags(record: StoredRecord): Metadata | null {
  const memory = fromRecord(record);
  if (!memory) return null;
  const expected = new Set(memory.tags.map(tagKey));
  const present = Object.keys(record.metadata).filter((key) => key.startsWith(TAG_KEY_PREFIX));
  if (
    present.length === expected.size &&
    present.every((key) => expected.has(key) && record.metadata[key] === true)
  )
    return null;
  const metadata: Metadata = Object.fromEntries(
    Object.entries(record.metadata).filter(([key]) => !key.startsWith(TAG_KEY_PREFIX)),
  );
  for (const key of expected) metadata[key] = true;
  return metadata;
}

export function toDocument(memory: Memory): string {
  return searchText(memory.content);
}

/**
 * Reads a stored record; null when it is not a memory at all (no content). A packed field wins over a
 * key of the same name. Fields are read one by one, not merged into one object first: recall decodes
 * a few hundred records a call, and the merge was most of the decoding's time.
 */
export function fromRecord(record: StoredRecord): Memory | null {
  const field = fieldReader(record.metadata);
  const content = field('content');
  if (typeof content !== 'string') return null;
  const createdAt = isoOr(field('createdAt'), new Date(0).toISOString());
  const emotionSecondary = field('emotionSecondary');
  const secondary =
    typeof emotionSecondary === 'string' && emotionSecondary ? emotionSecondary.split(',') : [];
  const accessCount = field('accessCount');
  const lastAccessedAt = field('lastAccessedAt');
  const embeddingModel = field('embeddingModel');
  return {
    id: record.id,
    content,
    createdAt,
    updatedAt: isoOr(field('updatedAt'), createdAt),
    category: normalizeCategory(field('category')),
    importance: normalizeImportance(field('importance')),
    emotion: normalizeEmotion({
      primary: field('emotion'),
      secondary,
      intensity: field('intensity'),
      valence: field('valence'),
      arousal: field('arousal'),
    }),
    tags: normalizeTags(parseJsonArray(field('tags'))),
    isPrivate: normalizeBoolean(field('isPrivate')),
    accessCount: typeof accessCount === 'number' && accessCount >= 0 ? Math.floor(accessCount) : 0,
    lastAccessedAt: typeof lastAccessedAt === 'string' && lastAccessedAt ? lastAccessedAt : null,
    embeddingModel: typeof embeddingModel === 'string' ? embeddingModel : '',
    ...optionalId(PRECEDING_ID_KEY, field(PRECEDING_ID_KEY)),
    ...optionalId(FOLLOWING_ID_KEY, field(FOLLOWING_ID_KEY)),
  };
}

/** A field's value: the packed one when it is a scalar, else the key's. */
function fieldReader(metadata: Metadata): (key: string) => MetadataValue | undefined {
  const packed = packedFields(metadata[PACKED_KEY]);
  if (!packed) return (key) => metadata[key];
  return (key) => {
    const value = Object.hasOwn(packed, key) ? packed[key] : undefined;
    return isScalar(value) ? value : metadata[key];
  };
}

/** The packed fields as parsed; undefined when the record has none or they do not parse to an object. */
function packedFields(value: MetadataValue | undefined): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const fields: unknown = JSON.parse(value);
    return typeof fields === 'object' && fields !== null && !Array.isArray(fields)
      ? (fields as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function isScalar(value: unknown): value is MetadataValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `{ [key]: value }` for a non-empty string id, `{}` otherwise (tolerant reading). */
function optionalId(key: 'precedingId' | 'followingId', value: unknown): Partial<Memory> {
  return typeof value === 'string' && value ? { [key]: value } : {};
}

function isoOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : fallback;
}

function parseJsonArray(value: unknown): unknown {
  if (typeof value !== 'string') return [];
  try {
    return JSON.parse(value);
  } catch {
    return value.split(',');
  }
}
