/**
 * The vectors of one collection in this process, one byte per component (`quantize.ts`), for a first
 * pass of the nearest-neighbour search: a scan of every vector with SIMD cosine (usearch's exact
 * search) reads a quarter of the bytes of float32, and a handful of candidates is then ranked again
 * on the stored float32 vectors (`vector-search.ts`). Measured on this machine with 512 dimensions:
 * 0.34 ms at 10k vectors, 2.6 ms at 100k, 7.9 ms at 300k (float32: 0.9, 8.5, 25.6 ms), and the
 * float32 top 10 always among the int8 top 50; on real memories' vectors (the local model, 1,834
 * conversation turns), the float32 top 50 always among the int8 top 60.
 *
 * Rows are kept dense (a removed row takes the last one's place), so that the scan reads one block.
 */
import { quantize } from './quantize';
import { usearch } from './usearch-module';

const INITIAL_ROWS = 64;

export class QuantizedVectors {
  private codes: Int8Array;
  private readonly ids: string[] = [];
  private readonly rows = new Map<string, number>();

  /** `expected`: how many vectors will be held (a collection being loaded), so the block is made once. */
  constructor(
    readonly dimension: number,
    expected = 0,
  ) {
    this.codes = new Int8Array(Math.max(INITIAL_ROWS, expected) * dimension);
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  /** The code held for the id (a view of the block, valid until the next change), if any. */
  codeOf(id: string): Int8Array | undefined {
    const row = this.rows.get(id);
    return row === undefined
      ? undefined
      : this.codes.subarray(row * this.dimension, (row + 1) * this.dimension);
  }

  /** Every id held, in no particular order. */
  allIds(): string[] {
    return this.ids.slice();
  }

  /** Holds a vector's code (`quantize`), replacing the one held for the id. */
  set(id: string, code: ArrayLike<number>): void {
    let row = this.rows.get(id);
    if (row === undefined) {
      row = this.ids.length;
      this.grow(row + 1);
      this.ids.push(id);
      this.rows.set(id, row);
    }
    this.codes.set(code, row * this.dimension);
  }

  remove(id: string): void {
    const row = this.rows.get(id);
    if (row === undefined) return;
    const last = this.ids.length - 1;
    if (row !== last) {
      const moved = this.ids[last];
      this.codes.copyWithin(row * this.dimension, last * this.dimension, (last + 1) * this.dimension);
      this.ids[row] = moved;
      this.rows.set(moved, row);
    }
    this.ids.pop();
    this.rows.delete(id);
  }

  /**
   * The ids of (about) the `count` vectors nearest to `query` by cosine, best first; only among
   * `allowed` when given. Ties and the rounding of one byte per component make the order approximate:
   * callers rank the candidates again on exact vectors.
   */
  nearest(query: ArrayLike<number>, count: number, allowed?: ReadonlySet<string>): string[] {
    const code = quantize(query);
    if (!allowed) return this.scan(this.codes, this.ids, code, count);
    // A filter that keeps few rows: scan only those (copied into a block of their own).
    if (allowed.size * 4 < this.ids.length) return this.scanRows(this.rowsOf(allowed), code, count);
    // One that keeps most: scan all, widening the cut until enough allowed rows are in it.
    let wanted = Math.min(this.ids.length, Math.ceil((count * this.ids.length) / allowed.size) * 2);
    for (;;) {
      const found = this.scan(this.codes, this.ids, code, wanted).filter((id) => allowed.has(id));
      if (found.length >= count || wanted >= this.ids.length) return found.slice(0, count);
      wanted = Math.min(this.ids.length, wanted * 4);
    }
  }

  private rowsOf(ids: ReadonlySet<string>): number[] {
    const rows: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row !== undefined) rows.push(row);
    }
    return rows;
  }

  private scanRows(rows: number[], query: Int8Array, count: number): string[] {
    const block = new Int8Array(rows.length * this.dimension);
    rows.forEach((row, i) =>
      block.set(this.codes.subarray(row * this.dimension, (row + 1) * this.dimension), i * this.dimension),
    );
    return this.scan(
      block,
      rows.map((row) => this.ids[row]),
      query,
      count,
    );
  }

  /**
   * usearch reads a typed array from the start of its buffer, whatever the view's offset: every block
   * passed here starts at offset 0 (the rows block, or a fresh copy).
   */
  private scan(block: Int8Array, ids: string[], query: Int8Array, count: number): string[] {
    const n = ids.length;
    if (n === 0) return [];
    const { exactSearch, MetricKind } = usearch();
    const matches = exactSearch(
      block.subarray(0, n * this.dimension),
      query,
      this.dimension,
      Math.min(count, n),
      MetricKind.Cos,
      1,
    );
    return Array.from(matches.keys, (row) => ids[Number(row)]);
  }

  private grow(rows: number): void {
    if (rows * this.dimension <= this.codes.length) return;
    const next = new Int8Array(Math.max(rows, (this.codes.length / this.dimension) * 2) * this.dimension);
    next.set(this.codes);
    this.codes = next;
  }
}
