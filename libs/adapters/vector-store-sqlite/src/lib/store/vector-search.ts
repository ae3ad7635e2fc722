/**
 * Nearest-neighbour search in this process. Each collection's vectors are held in memory, one byte per
 * component (`QuantizedVectors`), filled from the database on the first search and brought up to date
 * before every search from the log of vector writes (`VectorChanges`), so every process on the data
 * dir sees the others' writes. A search scans them all (exact, no index to build or to drift), then
 * ranks the best candidates again on their stored float32 vectors: distances are exact, and so is the
 * order wherever the first pass kept the true neighbours among its candidates.
 */
import { cosineDistanceWithNorms, norm } from '@kioku/similarity';
import type { NearestId } from '@kioku/vector-store-base';
import { statement, type SqliteDatabase } from '../sqlite/sqlite-driver';
import type { CollectionRow } from './collection-catalog';
import { QuantizedVectors } from './quantized-vectors';
import type { RecordTables } from './record-tables';
import type { VectorChanges } from './vector-changes';

/** Candidates ranked again beyond `limit`: the first pass's rounding only reorders near ties. */
const EXTRA_CANDIDATES = 50;

interface Held {
  vectors: QuantizedVectors;
  /** The last vector change these vectors include. */
  watermark: number;
}

export class VectorSearch {
  private readonly held = new Map<number, Held>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly records: RecordTables,
    private readonly changes: VectorChanges,
  ) {}

  /** The `limit` nearest records to `query` (among `allowed` when given), nearest first. */
  nearest(
    collection: CollectionRow,
    query: readonly number[],
    limit: number,
    allowed?: ReadonlySet<string>,
  ): NearestId[] {
    const vectors = this.current(collection);
    const pool = allowed ? allowed.size : vectors.size;
    if (pool === 0) return [];
    const wanted = limit * 2 + EXTRA_CANDIDATES;
    const candidates =
      pool <= wanted ? (allowed ? [...allowed] : vectors.allIds()) : vectors.nearest(query, wanted, allowed);
    const queryNorm = norm(query);
    const scored: NearestId[] = [];
    for (const [id, vector] of this.records.vectors(collection.id, candidates)) {
      scored.push({ id, distance: cosineDistanceWithNorms(query, queryNorm, vector, norm(vector)) });
    }
    scored.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return scored.slice(0, limit);
  }

  /** Drops what this process holds of a collection (deleted). */
  forget(collection: number): void {
    this.held.delete(collection);
  }

  /** The collection's vectors as of now: loaded, or brought up to date from the log, in one snapshot. */
  private current(collection: CollectionRow): QuantizedVectors {
    return this.db.transaction(() => {
      const head = this.changes.head();
      const held = this.held.get(collection.id);
      if (held && held.watermark === head) return held.vectors;
      const changed = held && this.changes.since(collection.id, held.watermark);
      if (held && changed) {
        const stored = this.records.vectors(collection.id, [...changed]);
        for (const id of changed) {
          const vector = stored.get(id);
          if (vector) held.vectors.set(id, vector);
          else held.vectors.remove(id);
        }
        held.watermark = head;
        return held.vectors;
      }
      return this.load(collection, head);
    })();
  }

  private load(collection: CollectionRow, head: number): QuantizedVectors {
    const vectors = new QuantizedVectors(collection.dimension);
    for (const { id, vector } of this.records.allVectors(collection.id)) vectors.set(id, vector);
    this.held.set(collection.id, { vectors, watermark: head });
    // Collections dropped by any process since: their vectors go too.
    const live = new Set(statement(this.db, 'SELECT id FROM store_collections').pluck().all() as number[]);
    for (const id of this.held.keys()) if (!live.has(id)) this.held.delete(id);
    return vectors;
  }
}
