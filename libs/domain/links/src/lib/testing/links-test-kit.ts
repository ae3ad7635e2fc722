/**
 * A link record as kioku wrote it before pair records (one record per direction, every field a key),
 * for specs of the merge and of reading older stores.
 */
import type { VectorRecord } from '@kioku/vector-store';
import type { LinkType } from '../domain/link';

export function legacyLinkRecord(
  sourceId: string,
  targetId: string,
  fields: { type?: LinkType; confidence?: number; note?: string; createdAt?: string } = {},
): VectorRecord {
  const type = fields.type ?? 'related';
  return {
    id: `${sourceId}>${targetId}>${type}`,
    vector: [1],
    metadata: {
      sourceId,
      targetId,
      type,
      confidence: fields.confidence ?? 0.5,
      createdAt: fields.createdAt ?? '',
      note: fields.note ?? 'old',
      replayedAt: '',
    },
    document: '',
  };
}
