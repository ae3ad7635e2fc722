/**
 * Nearest-neighbour search in this process. Each collection's vectors are held in memory, one byte per
 * component (`QuantizedVectors`), read from their codes in the database on the first search and
 * brought up to date before every search from the log of vector writes (`VectorChanges`), so every
 * process on the data dir sees the others' writes. A search scans them all (exact), or on a large
 * collection walks its graph (`NeighbourGraphs`), then ranks the best candidates again on their stored
 * float32 vectors: distances are exact, and so is the order wherever the first pass kept the true
 * neighbours among its candidates.
 *
 * A filter is applied to the nearest first: the ids of the first pass's best are checked against it
 * in the database, widening the cut until enough pass; one that keeps few records is evaluated over
 * the whole collection once and the scan keeps to what it kept. Reading a filter over every record's
 * metadata is what made a filtered search grow with the collection.
 */
import { cosineDistanceToQuery, norm } from '@kioku/similarity';
import type { NearestId } from '@kioku/vector-store-base';
import { statement, type SqliteDatabase } from '../sqlite/sqlite-driver';
import type { CollectionRow } from './collection-catalog';
import { NeighbourGraphs, type HeldVectors } from './neighbour-graphs';
import type { NeighbourIndexFiles } from './neighbour-index-files';
import { quantize } from './quantize';
import { QuantizedVectors } from './quantized-vectors';
import type { RecordTables } from './record-tables';
import type { VectorChanges } from './vector-changes';

/**
 * Candidates ranked again beyond `limit`: the first pass's rounding only reorders near ties. Each one
 * is a float32 vector read from the database, the larger part of a search's time after the scan.
 */
const EXTRA_CANDIDATES = 50;
/** The first cut checked against a filter, as a multiple of the candidates wanted; it grows 8 times a round. */
const FIRST_FILTERED_CUT = 4;
/** The most candidates asked of a graph: deeper than this, its walk costs more than the scan. */
const MOST_FROM_GRAPH = 1_000;

/** A filter, as the search asks it: which of these ids it keeps, or every id it keeps. */
export interface CandidateFilter {
  keep(ids: readonly string[]): ReadonlySet<string>;
  all(): ReadonlySet<string>;
}

export class VectorSearch {
  private readonly held = new Map<number, HeldVectors>();
  private readonly graphs: NeighbourGraphs;

  /** `indexFrom`: the vectors from which a collection is searched through a graph. */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly records: RecordTables,
    private readonly changes: VectorChanges,
    private readonly files: NeighbourIndexFiles,
    indexFrom: number,
  ) {
    this.graphs = new NeighbourGraphs(
      files,
      changes,
      indexFrom,
      // Not replaced, the store not closed, the collection not dropped (by any process: no save of it then).
      (collection, held) => this.db.open && this.held.get(collection) === held && this.isLive(collection),
    );
  }

  /** The `limit` nearest records to `query` (among those `filter` keeps, when given), nearest first. */
  nearest(
    collection: CollectionRow,
    query: readonly number[],
    limit: number,
    filter?: CandidateFilter,
  ): NearestId[] {
    const held = this.current(collection);
    this.graphs.maintain(collection, held);
    const wanted = limit + EXTRA_CANDIDATES;
    const candidates = filter
      ? this.filteredCandidates(held, query, wanted, filter)
      : held.vectors.size <= wanted
        ? held.vectors.allIds()
        : this.firstPass(held, query, wanted);
    const exactQuery = Float64Array.from(query);
    const queryNorm = norm(exactQuery);
    const scored: NearestId[] = [];
    for (const [id, vector] of this.records.vectors(collection.id, candidates)) {
      scored.push({ id, distance: cosineDistanceToQuery(exactQuery, queryNorm, vector) });
    }
    scored.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return scored.slice(0, limit);
  }

  /** Saves the graphs changed since their last save, so that the next process has nothing to apply. */
  close(): void {
    for (const [id, held] of this.held) this.graphs.closing({ id, dimension: held.vectors.dimension }, held);
  }

  /** Drops what this process holds of a collection, and its saved graphs (deleted). */
  forget(collection: number): void {
    this.held.delete(collection);
    this.files.drop(collection);
  }

  /** The ids of (about) the `count` nearest vectors: from the graph when there is one, else the scan. */
  private firstPass(held: HeldVectors, query: readonly number[], count: number): string[] {
    const graph = this.graphs.searchable(held);
    return graph && count <= MOST_FROM_GRAPH
      ? graph.nearest(quantize(query), count)
      : held.vectors.nearest(query, count);
  }

  private filteredCandidates(
    held: HeldVectors,
    query: readonly number[],
    wanted: number,
    filter: CandidateFilter,
  ): string[] {
    const { vectors } = held;
    for (let cut = wanted * FIRST_FILTERED_CUT; cut * 4 < vectors.size; cut *= 8) {
      const nearest = this.firstPass(held, query, cut);
      const kept = filter.keep(nearest);
      const passing = nearest.filter((id) => kept.has(id));
      if (passing.length >= wanted) return passing.slice(0, wanted);
    }
    const allowed = filter.all();
    return allowed.size <= wanted ? [...allowed] : vectors.nearest(query, wanted, allowed);
  }

  /** The collection's vectors as of now: loaded, or brought up to date from the log, in one snapshot. */
  private current(collection: CollectionRow): HeldVectors {
    return this.db.transaction(() => {
      const head = this.changes.head();
      const held = this.held.get(collection.id);
      if (held && held.watermark === head) return held;
      const changed = held && this.changes.since(collection.id, held.watermark);
      if (held && changed) {
        for (const id of changed) held.vectors.remove(id);
        this.records.eachCode(collection.id, (id, code) => held.vectors.set(id, code), [...changed]);
        held.watermark = head;
        this.graphs.changed(collection, held, changed);
        return held;
      }
      return this.load(collection, head);
    })();
  }

  /**
   * Reads the collection's vectors ahead of its first search, a block at a time with the event loop
   * free between blocks (if a search has read them itself meanwhile, this gives way). The blocks are not
   * one snapshot, but every change after the watermark, taken first, is in the log, and the next
   * search applies it.
   */
  async preload(collection: CollectionRow): Promise<void> {
    if (this.held.has(collection.id)) return;
    const head = this.changes.head();
    const vectors = new QuantizedVectors(collection.dimension, this.records.vectorCount(collection.id));
    for (const block of this.records.codeBlocks(collection.id)) {
      for (const [id, code] of block) vectors.set(id, code);
      await new Promise((resolve) => setImmediate(resolve));
      // A search has read them meanwhile, or the store was closed (the process is stopping).
      if (this.held.has(collection.id) || !this.db.open) return;
    }
    if (!this.isLive(collection.id)) return;
    const held: HeldVectors = { vectors, watermark: head };
    this.graphs.loaded(collection, held);
    this.held.set(collection.id, held);
    this.graphs.maintain(collection, held);
  }

  /** Resolves once the collection's graph is complete (after `preload`, which the store awaits first). */
  async settle(collection: CollectionRow): Promise<void> {
    const held = this.current(collection);
    this.graphs.maintain(collection, held);
    await this.graphs.settled(held);
  }

  private load(collection: CollectionRow, head: number): HeldVectors {
    const vectors = new QuantizedVectors(collection.dimension, this.records.vectorCount(collection.id));
    this.records.eachCode(collection.id, (id, code) => vectors.set(id, code));
    const held: HeldVectors = { vectors, watermark: head };
    this.graphs.loaded(collection, held);
    this.held.set(collection.id, held);
    // Collections dropped by any process since: their vectors go too.
    for (const id of this.held.keys()) if (!this.isLive(id)) this.held.delete(id);
    return held;
  }

  private isLive(collection: number): boolean {
    return statement(this.db, 'SELECT 1 FROM store_collections WHERE id = ?').get(collection) !== undefined;
  }
}
