/**
 * Writing points: upsert and insert-only in batches, metadata patches and deletes.
 *
 * - `upsert` replaces whole points, so stale metadata keys never survive and `noStaleKeys` needs no extra
 *   read; in a lexical collection each point carries its dense and sparse vectors together.
 * - `patchMetadata` uses set_payload with a `has_id` filter, which merges keys and ignores missing ids
 *   (a `points` list would fail on a missing id).
 * - Every write is sent with `wait=true` and the configured `ordering`.
 * Callers map errors (the adapter's `run`); every request goes through `QdrantRest.call` (retries).
 */
import type { Schemas } from '@qdrant/js-client-rest';
import { chunked } from '@kioku/kernel';
import { type Filter, type Metadata, type MetadataValue, type VectorRecord } from '@kioku/vector-store';
import type { QdrantCollections } from './qdrant-collections';
import { filterOf, translateFilter } from './qdrant-filter.translator';
import { encodeMetadata, encodePoint } from './qdrant-payload.codec';
import { pointIdOf } from './qdrant-point-id.mapper';
import type { QdrantRest } from './qdrant-rest';
import { documentSparseVector } from './qdrant-sparse-vector.encoder';

/** Points per upsert request (a 512-d point is ~5–10 kB of JSON; Qdrant accepts 32 MB per request). */
const WRITE_BATCH = 256;
/** Ids per delete request, and set_payload operations per batch request. */
const ID_BATCH = 1_000;

export class QdrantPointWrites {
  constructor(
    private readonly rest: QdrantRest,
    private readonly collections: QdrantCollections,
  ) {}

  /** `insert_only` (Qdrant ≥ 1.18) keeps existing points; the shard's update order decides the first. */
  async write(collection: string, records: VectorRecord[], mode: 'upsert' | 'insert_only'): Promise<void> {
    const handle = await this.collections.checkedHandle(
      collection,
      records.map((record) => record.vector),
    );
    // upsert: the last version of each id wins, as if written one after another; insert_only: the first.
    const chosen = new Map<string, VectorRecord>();
    for (const record of records)
      if (mode === 'upsert' || !chosen.has(record.id)) chosen.set(record.id, record);
    const points = [...chosen.values()].map((record) =>
      encodePoint(record, handle.lexical ? documentSparseVector(record.document) : undefined),
    );
    for (const chunk of chunked(points, WRITE_BATCH)) {
      await this.rest.call(() =>
        this.rest.api.upsertPoints({
          collection_name: collection,
          wait: true,
          ordering: this.rest.ordering,
          points: chunk,
          ...(mode === 'insert_only' ? { update_mode: mode } : {}),
        }),
      );
    }
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    const merged = new Map<string, Metadata>();
    for (const patch of patches) merged.set(patch.id, { ...merged.get(patch.id), ...patch.metadata });
    // Ids that receive the same keys and values share one set_payload operation.
    const groups = new Map<string, { payload: Record<string, MetadataValue>; pointIds: string[] }>();
    for (const [id, metadata] of merged) {
      if (Object.keys(metadata).length === 0) continue;
      const payload = encodeMetadata(metadata);
      const signature = JSON.stringify(
        Object.entries(payload).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      const group = groups.get(signature) ?? { payload, pointIds: [] };
      group.pointIds.push(pointIdOf(id));
      groups.set(signature, group);
    }
    const operations: Schemas['UpdateOperation'][] = [...groups.values()].flatMap(({ payload, pointIds }) =>
      chunked(pointIds, ID_BATCH).map((ids) => ({
        set_payload: { payload, filter: { must: [{ has_id: ids }] } },
      })),
    );
    if (operations.length === 0) {
      await this.collections.handle(collection);
      return;
    }
    for (const chunk of chunked(operations, ID_BATCH)) {
      await this.rest.call(() =>
        this.rest.api.batchUpdate({
          collection_name: collection,
          wait: true,
          ordering: this.rest.ordering,
          operations: chunk,
        }),
      );
    }
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    if (ids.length === 0) {
      await this.collections.handle(collection);
      return;
    }
    for (const chunk of chunked([...new Set(ids)], ID_BATCH)) {
      await this.rest.call(() =>
        this.rest.api.deletePoints({
          collection_name: collection,
          wait: true,
          ordering: this.rest.ordering,
          points: chunk.map(pointIdOf),
        }),
      );
    }
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    const translated = translateFilter(filter);
    if (translated.kind === 'none') {
      await this.collections.handle(collection);
      return;
    }
    await this.rest.call(() =>
      this.rest.api.deletePoints({
        collection_name: collection,
        wait: true,
        ordering: this.rest.ordering,
        // "all" is an empty `must`: every point matches.
        filter: filterOf(translated) ?? { must: [] },
      }),
    );
  }
}
