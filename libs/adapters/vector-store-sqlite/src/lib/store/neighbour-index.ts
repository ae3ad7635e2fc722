/**
 * A graph index (usearch's HNSW) over a large collection's int8 codes, for the first pass of a search
 * where the exact scan (`QuantizedVectors`) reads too much: at 100k vectors of 768 dimensions a query
 * takes 4.5 ms through the graph against 14.9 by the scan, and returns 99.6 % of the scan's 50
 * nearest (`kioku bench store`; the candidates are ranked again on float32 either way).
 *
 * usearch keys are numbers: this index gives them out in order and keeps which id each one stands
 * for (`ids`, saved beside the graph), so a changed vector is removed under its old key and added
 * under a new one.
 */
import type { Index } from 'usearch';
import type { QuantizedVectors } from './quantized-vectors';
import { usearch } from './usearch-module';

/** usearch's defaults would be 16 / 128 / 64; a build with 64 candidates per insert is twice as fast for the same recall. */
const CONNECTIVITY = 16;
const EXPANSION_ADD = 64;
const EXPANSION_SEARCH = 128;
/**
 * Above this many vectors a search asks the graph for proportionally more candidates (up to
 * `MOST_BREADTH`) and keeps the nearest: a fixed breadth finds less of the exact nearest as the graph
 * grows. At 1M of the bench's vectors the store's search returned 0.858 of the exact scan's 10 nearest
 * at 128 and 0.938 at 1,024, in 15.1 ms instead of 8.7 (the scan: 41.0).
 */
const BREADTH_GROWS_FROM = 100_000;
const MOST_BREADTH = 1_024;
/** Vectors added per call while filling: at 100k 768-d vectors each takes about 0.6 ms, and the time is checked between calls. */
const BUILD_BATCH = 8;

export class NeighbourIndex {
  private readonly keys = new Map<string, number>();
  /** Removals since the graph was made: each leaves a tombstone that searches step over. */
  private removals = 0;

  private constructor(
    private readonly graph: Index,
    private readonly dimension: number,
    /** The id each key stands for (null: removed). */
    private readonly ids: (string | null)[],
  ) {
    ids.forEach((id, key) => {
      if (id !== null) this.keys.set(id, key);
    });
  }

  static empty(dimension: number): NeighbourIndex {
    return new NeighbourIndex(newGraph(dimension), dimension, []);
  }

  /** A saved graph (`save`) and the ids of its keys; throws if they do not belong together. */
  static load(dimension: number, file: string, ids: (string | null)[]): NeighbourIndex {
    const graph = newGraph(dimension);
    graph.load(file);
    const index = new NeighbourIndex(graph, dimension, ids);
    if (graph.size() !== index.keys.size || graph.dimensions() !== dimension) {
      throw new Error('the saved graph and its ids disagree');
    }
    return index;
  }

  get size(): number {
    return this.keys.size;
  }

  has(id: string): boolean {
    return this.keys.has(id);
  }

  /** Tombstones have outgrown the live entries: searches slow down and miss more; fill anew. */
  get worn(): boolean {
    return this.removals > Math.max(1_000, this.keys.size);
  }

  /** Brings these ids in line with `vectors`: what was held for them goes, their current code comes. */
  update(changed: Iterable<string>, vectors: QuantizedVectors): void {
    const ids = [...changed];
    this.remove(ids);
    this.add(
      ids.filter((id) => vectors.has(id)),
      vectors,
    );
  }

  /** Drops what is held for these ids. */
  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const key = this.keys.get(id);
      if (key === undefined) continue;
      this.graph.remove(BigInt(key));
      this.ids[key] = null;
      this.keys.delete(id);
      this.removals++;
    }
  }

  /** Drops what is held for ids `vectors` no longer holds (a save that missed a removal). */
  retainOnly(vectors: QuantizedVectors): void {
    this.remove([...this.keys.keys()].filter((id) => !vectors.has(id)));
  }

  /** Holds exactly the ids `vectors` holds. */
  matches(vectors: QuantizedVectors): boolean {
    return this.keys.size === vectors.size && vectors.allIds().every((id) => this.keys.has(id));
  }

  /**
   * Adds the vectors of `pending[from…]` not held yet, until `deadline` (ms, `performance.now()`);
   * returns where it stopped.
   */
  addUntil(pending: readonly string[], from: number, vectors: QuantizedVectors, deadline: number): number {
    let next = from;
    while (next < pending.length && performance.now() < deadline) {
      const batch = pending.slice(next, next + BUILD_BATCH);
      next += batch.length;
      this.add(
        batch.filter((id) => vectors.has(id) && !this.keys.has(id)),
        vectors,
      );
    }
    return next;
  }

  /** The ids of (about) the `count` nearest codes to `query`, best first. */
  nearest(query: Int8Array, count: number): string[] {
    if (this.keys.size === 0) return [];
    const grown = Math.ceil((EXPANSION_SEARCH * this.keys.size) / BREADTH_GROWS_FROM);
    const breadth = Math.max(count, Math.min(grown, MOST_BREADTH));
    const { keys } = this.graph.search(query, Math.min(breadth, this.keys.size), 1);
    const found: string[] = [];
    for (const key of keys) {
      const id = this.ids[Number(key)];
      if (id) found.push(id);
      if (found.length === count) break;
    }
    return found;
  }

  /** Writes the graph to `file`; its keys' ids are `savedIds` (saved beside it by the caller). */
  save(file: string): void {
    this.graph.save(file);
  }

  get savedIds(): readonly (string | null)[] {
    return this.ids;
  }

  private add(ids: string[], vectors: QuantizedVectors): void {
    if (ids.length === 0) return;
    const codes = new Int8Array(ids.length * this.dimension);
    const keys = new BigUint64Array(ids.length);
    ids.forEach((id, i) => {
      codes.set(vectors.codeOf(id)!, i * this.dimension);
      keys[i] = BigInt(this.ids.length);
      this.keys.set(id, this.ids.length);
      this.ids.push(id);
    });
    this.graph.add(keys, codes, 1);
  }
}

function newGraph(dimension: number): Index {
  const { Index, MetricKind, ScalarKind } = usearch();
  return new Index({
    dimensions: dimension,
    metric: MetricKind.Cos,
    quantization: ScalarKind.I8,
    connectivity: CONNECTIVITY,
    expansion_add: EXPANSION_ADD,
    expansion_search: EXPANSION_SEARCH,
    multi: false,
  });
}
