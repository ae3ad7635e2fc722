/**
 * When a collection's search gets its graph (`NeighbourIndex`) and how the graph follows the vectors:
 *
 * - from `indexFrom` vectors on (below it the exact scan is as fast, and exact), loaded from the
 *   newest save (`NeighbourIndexFiles`) with the changes since applied, or else filled a slice at a
 *   time with the event loop free between slices (100k 768-d vectors: about a minute of one core), the
 *   exact scan answering until it holds every vector;
 * - every change a process brings into its vectors goes into the graph in the same step, so the two
 *   never disagree; of a change set too large to add at once (an import), the old entries go at once
 *   and the new ones are filled in slices; a graph worn by removals is filled anew;
 * - saved when filled, every `SAVE_EVERY` changes after and when the store closes, so the next process
 *   to open the collection has little to apply.
 */
import type { QuantizedVectors } from './quantized-vectors';
import { NeighbourIndex } from './neighbour-index';
import type { NeighbourIndexFiles } from './neighbour-index-files';
import type { VectorChanges } from './vector-changes';

/** Changes added to a graph in one step (0.3–0.6 ms each at 100k); of more, the new ones are filled in. */
const MOST_CHANGES_APPLIED = 1_000;
const SAVE_EVERY = 2_000;
/** How long one slice of a fill may hold the event loop. */
const SLICE_MS = 20;

export interface Graph {
  index: NeighbourIndex;
  /** Holds every vector: searches use it. */
  complete: boolean;
  /** Its fill, a slice at a time, while one runs. */
  filling?: Promise<void>;
  /** Changes applied since it was last saved. */
  unsaved: number;
}

/** A collection's vectors as a process holds them (`VectorSearch`). */
export interface HeldVectors {
  vectors: QuantizedVectors;
  /** The last vector change they include. */
  watermark: number;
  /** Its graph; null once filling one failed in this process (the exact scan answers). */
  graph?: Graph | null;
}

export interface GraphedCollection {
  id: number;
  dimension: number;
}

export class NeighbourGraphs {
  constructor(
    private readonly files: NeighbourIndexFiles,
    private readonly changes: VectorChanges,
    private readonly indexFrom: number,
    /** Whether `held` is still what this process holds of a live collection (not replaced, not closed). */
    private readonly isHeld: (collection: number, held: HeldVectors) => boolean,
  ) {}

  /** A complete graph to search, if the collection has one. */
  searchable(held: HeldVectors): NeighbourIndex | undefined {
    return held.graph?.complete ? held.graph.index : undefined;
  }

  /**
   * Just loaded: the newest save, brought up to the vectors' watermark; of many changes since, the old
   * entries go now and the rest is filled in slices (`maintain`).
   */
  loaded(collection: GraphedCollection, held: HeldVectors): void {
    if (held.vectors.size < this.indexFrom) return;
    const saved = this.files.latest(collection.id, held.watermark);
    const changed = saved && this.changes.since(collection.id, saved.watermark);
    if (!saved || !changed) return;
    try {
      const index = saved.load(collection.dimension);
      held.graph = { index, complete: false, unsaved: changed.size };
      this.apply(held, held.graph, changed);
      held.graph.complete = changed.size <= MOST_CHANGES_APPLIED && index.matches(held.vectors);
    } catch {
      held.graph = undefined; // damaged, or removed by a newer save meanwhile: filled instead
    }
  }

  /** `changed` were just brought into the vectors: into the graph with them. */
  changed(collection: GraphedCollection, held: HeldVectors, changed: ReadonlySet<string>): void {
    const graph = held.graph;
    if (!graph) return;
    if (graph.index.worn) {
      held.graph = undefined;
      return;
    }
    this.apply(held, graph, changed);
    graph.unsaved += changed.size;
    if (graph.complete && graph.unsaved >= SAVE_EVERY) this.save(collection, held, graph);
  }

  /** Saves each complete graph with changes since its last save (the store is closing). */
  closing(collection: GraphedCollection, held: HeldVectors): void {
    if (held.graph?.complete && held.graph.unsaved > 0) this.save(collection, held, held.graph);
  }

  /** Starts or resumes filling the graph of a collection large enough; the first slice runs now. */
  maintain(collection: GraphedCollection, held: HeldVectors): void {
    if (held.graph === null || held.vectors.size < this.indexFrom) return;
    const graph = (held.graph ??= {
      index: NeighbourIndex.empty(collection.dimension),
      complete: false,
      unsaved: 0,
    });
    if (!graph.complete && !graph.filling) {
      graph.filling = this.fill(collection, held, graph).finally(() => (graph.filling = undefined));
    }
  }

  /** Resolves once the collection's graph is complete, or it has none to fill (`maintain` first). */
  async settled(held: HeldVectors): Promise<void> {
    while (held.graph?.filling) await held.graph.filling;
  }

  /** Adds every vector the graph lacks, a slice at a time, until it holds exactly the vectors. */
  private async fill(collection: GraphedCollection, held: HeldVectors, graph: Graph): Promise<void> {
    try {
      do {
        graph.index.retainOnly(held.vectors);
        const pending = held.vectors.allIds();
        for (let next = 0; ;) {
          next = graph.index.addUntil(pending, next, held.vectors, performance.now() + SLICE_MS);
          if (next >= pending.length) break;
          await new Promise((resolve) => setImmediate(resolve));
          // Worn and dropped, or the collection replaced or closed meanwhile.
          if (held.graph !== graph || !this.isHeld(collection.id, held)) return;
        }
      } while (!graph.index.matches(held.vectors));
    } catch {
      if (held.graph === graph) held.graph = null;
      return;
    }
    graph.complete = true;
    this.save(collection, held, graph);
  }

  /** Few changes go in at once; of many, the old entries go and the graph waits to be filled. */
  private apply(held: HeldVectors, graph: Graph, changed: ReadonlySet<string>): void {
    if (changed.size <= MOST_CHANGES_APPLIED) {
      graph.index.update(changed, held.vectors);
    } else {
      graph.index.remove(changed);
      graph.complete = false;
    }
  }

  private save(collection: GraphedCollection, held: HeldVectors, graph: Graph): void {
    try {
      this.files.save(collection.id, held.watermark, graph.index);
      graph.unsaved = 0;
    } catch {
      // a full disk or a read-only data dir: the graph serves this process all the same
    }
  }
}
