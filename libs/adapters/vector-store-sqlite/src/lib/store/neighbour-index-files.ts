/**
 * Saved neighbour indexes (`NeighbourIndex`), beside the store's file in `<store file>-neighbours/`,
 * so that a process opening a large collection loads its graph in a fraction of a second instead of
 * filling it for a minute (100k 768-d vectors). A save is named by its collection and by the last vector change it
 * includes (`3-51234.usearch`, its keys' ids in `3-51234.ids.json`); a process that loads it applies
 * the changes after that from the log, and one that finds no usable save fills the graph and saves it.
 * Any process may save: each writes under a temporary name and renames, the ids last (a save without
 * its ids is not one), and then removes the older saves of that collection. The ids file holds the
 * graph's SHA-256 too, checked before the graph is read (about 0.2 s at 100k): usearch trusts the
 * edges it reads. Nothing here is needed for correctness: a missing, stale or damaged save only costs
 * a fill.
 */
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { NeighbourIndex } from './neighbour-index';

/** A temporary file older than this was left by a process that stopped while saving. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const IDS_PART = '\\.ids\\.json';
const ANY_PART = '\\.(ids\\.json|usearch)';

/** What `<collection>-<watermark>.ids.json` holds. */
interface SavedIds {
  /** The SHA-256 of the graph file, hex. */
  graph: string;
  /** The id each key stands for (null: removed). */
  ids: (string | null)[];
}

export interface SavedIndex {
  /** The last vector change it includes. */
  watermark: number;
  load(dimension: number): NeighbourIndex;
}

export class NeighbourIndexFiles {
  constructor(private readonly dir: string) {}

  /** The newest save of the collection that includes no change after `head`. */
  latest(collection: number, head: number): SavedIndex | undefined {
    const watermark = this.watermarks(collection)
      .filter((w) => w <= head)
      .sort((a, b) => b - a)[0];
    if (watermark === undefined) return undefined;
    const base = join(this.dir, `${collection}-${watermark}`);
    return {
      watermark,
      load: (dimension) => {
        const saved = JSON.parse(readFileSync(`${base}.ids.json`, 'utf8')) as SavedIds;
        if (sha256(`${base}.usearch`) !== saved.graph) throw new Error('the saved graph is damaged');
        return NeighbourIndex.load(dimension, `${base}.usearch`, saved.ids);
      },
    };
  }

  save(collection: number, watermark: number, index: NeighbourIndex): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const base = join(this.dir, `${collection}-${watermark}`);
    const temporary = join(this.dir, `${collection}-${watermark}.${randomUUID()}.tmp`);
    try {
      index.save(`${temporary}.usearch`);
      chmodSync(`${temporary}.usearch`, 0o600);
      const saved: SavedIds = { graph: sha256(`${temporary}.usearch`), ids: [...index.savedIds] };
      writeFileSync(`${temporary}.ids.json`, JSON.stringify(saved), { mode: 0o600 });
      renameSync(`${temporary}.usearch`, `${base}.usearch`);
      renameSync(`${temporary}.ids.json`, `${base}.ids.json`);
    } finally {
      rmSync(`${temporary}.usearch`, { force: true });
      rmSync(`${temporary}.ids.json`, { force: true });
    }
    for (const older of this.watermarks(collection, ANY_PART).filter((w) => w < watermark)) {
      this.remove(`${collection}-${older}`);
    }
    this.removeAbandoned();
  }

  /** Removes every save of the collection (dropped). */
  drop(collection: number): void {
    for (const watermark of this.watermarks(collection, ANY_PART)) this.remove(`${collection}-${watermark}`);
  }

  /** The watermarks of the collection's saves: complete ones (their ids written), or any part of one. */
  private watermarks(collection: number, part = IDS_PART): number[] {
    const pattern = new RegExp(`^${collection}-(\\d+)${part}$`);
    const found = this.names().flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [Number(match[1])] : [];
    });
    return [...new Set(found)];
  }

  private names(): string[] {
    try {
      return readdirSync(this.dir);
    } catch {
      return [];
    }
  }

  /** Ids first: what is left without them is not a save. A file another process holds stays (Windows). */
  private remove(base: string): void {
    for (const suffix of ['.ids.json', '.usearch']) {
      try {
        rmSync(join(this.dir, base + suffix), { force: true });
      } catch {
        // in use by a process loading it: the next save removes it
      }
    }
  }

  private removeAbandoned(): void {
    const now = Date.now();
    for (const name of this.names().filter((n) => n.includes('.tmp'))) {
      try {
        const file = join(this.dir, name);
        if (now - statSync(file).mtimeMs > ABANDONED_AFTER_MS) rmSync(file, { force: true });
      } catch {
        // gone already
      }
    }
  }
}

/** Read a slice at a time: a graph of 1M 768-d vectors is a 1 GB file, which a whole read would hold in memory. */
const HASH_CHUNK_BYTES = 4 * 1024 * 1024;

function sha256(file: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(HASH_CHUNK_BYTES);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk))
      hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
