/**
 * How links are stored (behaviour §2.2): one record per pair of memories and type, whatever direction
 * it was created in, so a link is two-sided by construction and costs one write. The record id is
 * `<first>><second>><type>`, `first` being the id that sorts first; the metadata holds the three fields
 * reads filter on (`sourceId` = first, `targetId` = second, `type`) and the rest as one JSON value in
 * `link`: every record has the same four keys (so an upsert never leaves a stale key), and each key a
 * record carries is a row the store writes (four keys cost Chroma about half of seven per record).
 *
 * Stores written before this format hold one record per direction with every field as a key. Both
 * are read: the direction whose source sorts first has the pair's id and stands for the pair; the other
 * ("a legacy half") is read only where the pair's record is missing, and the integrity job merges it.
 */
import type { Metadata, StoredRecord, VectorRecord } from '@kioku/vector-store';
import { clampConfidence, isLinkType, reverseLink, type Link, type LinkType } from '../domain/link';

/** Link records need no vector: a constant one-dimensional vector works on every store. */
const LINK_VECTOR = [1];

/** The id of the record that holds the pair, from either end. */
export function pairRecordId(oneId: string, otherId: string, type: LinkType): string {
  return oneId <= otherId ? `${oneId}>${otherId}>${type}` : `${otherId}>${oneId}>${type}`;
}

/** The id an older kioku gave the direction whose source sorts last. */
export function legacyHalfId(oneId: string, otherId: string, type: LinkType): string {
  return oneId <= otherId ? `${otherId}>${oneId}>${type}` : `${oneId}>${otherId}>${type}`;
}

/**
 * The two memories a link record's id names (a pair's or a legacy half's id), or undefined for an id
 * of another form, whose record alone tells.
 */
export function endsNamedBy(recordId: string): [string, string] | undefined {
  const parts = recordId.split('>');
  return parts.length === 3 ? [parts[0], parts[1]] : undefined;
}

/** The link seen from the end that sorts first (the orientation the pair is stored in). */
function inPairOrder(link: Link): Link {
  return link.sourceId <= link.targetId ? link : reverseLink(link);
}

export function toPairRecord(link: Link): VectorRecord {
  const pair = inPairOrder(link);
  const metadata: Metadata = {
    sourceId: pair.sourceId,
    targetId: pair.targetId,
    type: pair.type,
    link: JSON.stringify({
      confidence: clampConfidence(pair.confidence),
      createdAt: pair.createdAt,
      note: pair.note,
      ...(pair.replayedAt ? { replayedAt: pair.replayedAt } : {}),
    }),
  };
  return {
    id: pairRecordId(pair.sourceId, pair.targetId, pair.type),
    vector: LINK_VECTOR,
    metadata,
    document: '',
  };
}

export interface StoredLink {
  /** In pair order. */
  link: Link;
  /** A record of the older per-direction format whose source sorts last. */
  legacyHalf: boolean;
}

/** Tolerant read of either format: a malformed record is skipped (behaviour §2.1). */
export function fromLinkRecord(record: StoredRecord): StoredLink | null {
  const m = record.metadata;
  if (typeof m.sourceId !== 'string' || typeof m.targetId !== 'string' || !isLinkType(m.type)) return null;
  const fields = typeof m.link === 'string' ? parseFields(m.link) : m;
  const confidence = typeof fields.confidence === 'number' ? clampConfidence(fields.confidence) : 0.5;
  const link: Link = {
    sourceId: m.sourceId,
    targetId: m.targetId,
    type: m.type,
    confidence,
    note: typeof fields.note === 'string' ? fields.note : '',
    createdAt: typeof fields.createdAt === 'string' ? fields.createdAt : '',
    ...(typeof fields.replayedAt === 'string' && fields.replayedAt ? { replayedAt: fields.replayedAt } : {}),
  };
  return { link: inPairOrder(link), legacyHalf: link.sourceId > link.targetId };
}

/** Each pair once: the pair's own record wins over a legacy half of the same pair. */
export function uniquePairs(stored: StoredLink[]): Link[] {
  const pairs = new Map<string, StoredLink>();
  for (const entry of stored) {
    const id = pairRecordId(entry.link.sourceId, entry.link.targetId, entry.link.type);
    const seen = pairs.get(id);
    if (!seen || (seen.legacyHalf && !entry.legacyHalf)) pairs.set(id, entry);
  }
  return [...pairs.values()].map((entry) => entry.link);
}

function parseFields(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
