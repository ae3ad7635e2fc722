/**
 * Reading points: by id, by filter a page at a time, by vector similarity, and counting.
 *
 * - `find` pages with scroll (ordered by point id); the cursor wraps `next_page_offset`.
 * - Distances are `1 − score` (Qdrant's Cosine score is the cosine similarity), ascending.
 * - Text filters are exact substring matches on the unindexed document field, re-checked locally, so a
 *   query asks for more points until enough survive or the server runs out.
 * Callers map errors (the adapter's `run`); every request goes through `QdrantRest.call` (retries).
 */
import { AppError, chunked } from '@kioku/kernel';
import {
  type Filter,
  type FindRequest,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
} from '@kioku/vector-store';
import { decodeCursor, encodeCursor, isOffset } from '@kioku/vector-store-base';
import type { QdrantCollections } from './qdrant-collections';
import { filterOf, matchesText, translateFilter, translateFilters } from './qdrant-filter.translator';
import { decodePoint, distanceFromScore, ID_KEY, toUnitVector } from './qdrant-payload.codec';
import { isUuid, pointIdOf } from './qdrant-point-id.mapper';
import type { QdrantRest } from './qdrant-rest';

/** Ids per retrieve request. */
const ID_BATCH = 1_000;

export class QdrantPointReads {
  constructor(
    private readonly rest: QdrantRest,
    private readonly collections: QdrantCollections,
  ) {}

  async get(collection: string, ids: string[], includeVectors: boolean): Promise<StoredRecord[]> {
    if (ids.length === 0) {
      await this.collections.handle(collection);
      return [];
    }
    const found = new Map<string, StoredRecord>();
    for (const chunk of chunked([...new Set(ids)], ID_BATCH)) {
      const points = await this.rest.call(() =>
        this.rest.api.getPoints({
          collection_name: collection,
          consistency: this.rest.consistency,
          ids: chunk.map(pointIdOf),
          with_payload: true,
          with_vector: includeVectors,
        }),
      );
      for (const point of points) {
        const record = decodePoint(point, includeVectors);
        found.set(record.id, record);
      }
    }
    return ids.flatMap((id) => {
      const record = found.get(id);
      return record ? [copyRecord(record)] : [];
    });
  }

  /** Retrieves only each point's original id (no vector, no other payload). */
  async existingIds(collection: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) {
      await this.collections.handle(collection);
      return [];
    }
    const found = new Set<string>();
    for (const chunk of chunked(unique, ID_BATCH)) {
      const points = await this.rest.call(() =>
        this.rest.api.getPoints({
          collection_name: collection,
          consistency: this.rest.consistency,
          ids: chunk.map(pointIdOf),
          with_payload: { include: [ID_KEY] },
          with_vector: false,
        }),
      );
      for (const point of points) found.add(decodePoint(point, false).id);
    }
    return unique.filter((id) => found.has(id));
  }

  async find(collection: string, request: FindRequest): Promise<Page> {
    const offset = request.cursor === undefined ? undefined : decodeCursor(request.cursor, isPointId);
    const includeVectors = request.includeVectors === true;
    const translated = translateFilters(request.filter, request.text);
    if (translated.kind === 'none') {
      await this.collections.handle(collection);
      return { records: [] };
    }
    const result = await this.rest.call(() =>
      this.rest.api.scrollPoints({
        collection_name: collection,
        consistency: this.rest.consistency,
        filter: filterOf(translated),
        limit: request.limit,
        offset,
        with_payload: true,
        with_vector: includeVectors,
      }),
    );
    const records = result.points
      .map((point) => decodePoint(point, includeVectors))
      .filter((record) => matchesText(request.text, record.document));
    const next = result.next_page_offset;
    return typeof next === 'string' || typeof next === 'number'
      ? { records, nextCursor: encodeCursor(next) }
      : { records };
  }

  /** Scrolls every match, carrying only each point's original id. */
  async candidateIds(collection: string, filter: Filter): Promise<string[]> {
    const translated = translateFilter(filter);
    if (translated.kind === 'none') {
      await this.collections.handle(collection);
      return [];
    }
    const ids: string[] = [];
    let offset: string | number | undefined;
    do {
      const result = await this.rest.call(() =>
        this.rest.api.scrollPoints({
          collection_name: collection,
          consistency: this.rest.consistency,
          filter: filterOf(translated),
          limit: ID_BATCH,
          offset,
          with_payload: { include: [ID_KEY] },
          with_vector: false,
        }),
      );
      for (const point of result.points) ids.push(decodePoint(point, false).id);
      const next = result.next_page_offset;
      offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
    } while (offset !== undefined);
    return ids.sort();
  }

  async query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    const includeVectors = request.includeVectors === true;
    const handle = await this.collections.checkedHandle(collection, [request.vector]);
    if (handle.distance !== undefined && handle.distance !== 'Cosine') {
      throw new AppError(
        'CONFIG_INVALID',
        `Collection "${collection}" does not use cosine distance; kioku needs a Cosine collection.`,
        { details: { collection, distance: handle.distance } },
      );
    }
    const translated = translateFilters(request.filter, request.text);
    if (translated.kind === 'none') return [];
    const vector = toUnitVector(request.vector).unit;
    // The text filter is re-checked locally; ask for more until enough survive or the server runs out.
    for (let asked = request.limit; ; asked *= 4) {
      const result = await this.rest.call(() =>
        this.rest.api.queryPoints({
          collection_name: collection,
          consistency: this.rest.consistency,
          query: vector,
          filter: filterOf(translated),
          limit: asked,
          with_payload: true,
          with_vector: includeVectors,
          // Text conditions cannot use an index: search exactly so that HNSW never misses a match.
          params: request.text ? { exact: true } : undefined,
        }),
      );
      const matches = result.points
        .map((point): QueryMatch => ({
          ...decodePoint(point, includeVectors),
          distance: distanceFromScore(point.score),
        }))
        .filter((match) => matchesText(request.text, match.document))
        .sort((a, b) => a.distance - b.distance);
      if (matches.length >= request.limit || result.points.length < asked)
        return matches.slice(0, request.limit);
    }
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    const translated = translateFilter(filter);
    if (translated.kind === 'none') {
      await this.collections.handle(collection);
      return 0;
    }
    const result = await this.rest.call(() =>
      this.rest.api.countPoints({
        collection_name: collection,
        consistency: this.rest.consistency,
        filter: filterOf(translated),
        exact: true,
      }),
    );
    return result.count;
  }
}

/** Qdrant pages by point id: a UUID or an unsigned integer. */
function isPointId(value: unknown): value is string | number {
  return (typeof value === 'string' && isUuid(value)) || isOffset(value);
}

function copyRecord(record: StoredRecord): StoredRecord {
  const copy: StoredRecord = { id: record.id, metadata: { ...record.metadata }, document: record.document };
  if (record.vector) copy.vector = record.vector.slice();
  return copy;
}
