/**
 * A large collection searched through its graph: the graph finds what the exact scan finds, follows
 * every change of every process at the next search (an import too large to add at once is filled
 * in slices, the scan answering meanwhile), is saved beside the file for the next process to load
 * instead of filling it, and a damaged save only costs a fill.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { clustered, records } from '../../testing/clustered-records';
import { NeighbourIndex } from './neighbour-index';
import { SqliteVectorStore } from './sqlite-vector-store.adapter';

const INDEX_FROM = 1_000;
const data = records(clustered(3_000, 11));

describe('SqliteVectorStore on a collection large enough for a graph', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-graphs-'));
  const file = join(dir, 'store.sqlite');
  const saves = join(dir, 'store.sqlite-neighbours');
  const opened: SqliteVectorStore[] = [];
  const open = () => {
    const store = new SqliteVectorStore(file, { indexFrom: INDEX_FROM });
    opened.push(store);
    return store;
  };
  const exact = new MemoryVectorStore();
  const savedNames = () => (existsSync(saves) ? readdirSync(saves).sort() : []);
  /** Searches until the graph has been filled and saved (a fill runs in slices between searches). */
  const untilSaved = async (store: SqliteVectorStore, after: string[] = []) => {
    for (let i = 0; i < 500; i++) {
      const names = savedNames().filter((n) => n.endsWith('.ids.json'));
      if (names.length > 0 && names.join() !== after.join()) return names;
      await store.query('c', { vector: data[0].vector, limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the graph was never saved');
  };
  const first = async (store: SqliteVectorStore, vector: number[]) =>
    (await store.query('c', { vector, limit: 3 })).map((m) => m.id);

  let writer: SqliteVectorStore;
  beforeAll(async () => {
    writer = open();
    for (const s of [writer, exact]) {
      await s.ensureCollection('c', { dimension: data[0].vector.length });
      await s.upsert('c', data);
    }
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    for (const store of opened) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills its graph, saves it beside the file (the owner’s only) and finds the exact nearest through it', async () => {
    const names = await untilSaved(writer);
    expect(names).toEqual([expect.stringMatching(/^\d+-\d+\.ids\.json$/)]);
    expect(savedNames()).toHaveLength(2);
    expect(statSync(saves).mode & 0o777).toBe(0o700);
    for (const name of savedNames()) expect(statSync(join(saves, name)).mode & 0o777).toBe(0o600);

    const walked = jest.spyOn(NeighbourIndex.prototype, 'nearest');
    let same = 0;
    const queries = clustered(40, 17);
    for (const vector of queries) {
      const request = { vector, limit: 10 };
      const [got, want] = await Promise.all([writer.query('c', request), exact.query('c', request)]);
      expect(got[0].id).toBe(want[0].id);
      const wanted = new Map(want.map((w) => [w.id, w.distance]));
      const found = got.filter((m) => wanted.has(m.id));
      for (const m of found) expect(m.distance).toBeCloseTo(wanted.get(m.id)!, 5);
      same += found.length;
    }
    expect(walked).toHaveBeenCalledTimes(queries.length);
    expect(same / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
  });

  it('follows another process’s changes at its next search: changed, deleted and added vectors', async () => {
    await untilSaved(writer);
    const other = open();
    await other.upsert('c', [{ ...data[1], vector: data[2].vector.map((x) => -x) }]);
    await other.delete('c', [data[3].id]);
    await other.upsert('c', [{ ...data[4], id: 'added', vector: data[4].vector.map((x) => -x) }]);

    const walked = jest.spyOn(NeighbourIndex.prototype, 'nearest');
    expect(
      (
        await first(
          writer,
          data[2].vector.map((x) => -x),
        )
      )[0],
    ).toBe(data[1].id);
    expect(await first(writer, data[3].vector)).not.toContain(data[3].id);
    expect(
      (
        await first(
          writer,
          data[4].vector.map((x) => -x),
        )
      )[0],
    ).toBe('added');
    expect(walked).toHaveBeenCalledTimes(3);
  });

  it('answers by the scan while an import too large to add at once is filled in, then by the graph again', async () => {
    const before = await untilSaved(writer);
    const imported = records(clustered(1_500, 23)).map((r) => ({ ...r, id: `import-${r.id}` }));
    await open().upsert('c', imported);

    const walked = jest.spyOn(NeighbourIndex.prototype, 'nearest');
    expect((await first(writer, imported[7].vector))[0]).toBe(imported[7].id);
    expect(walked).not.toHaveBeenCalled();
    await untilSaved(writer, before);
    expect((await first(writer, imported[8].vector))[0]).toBe(imported[8].id);
    expect(walked).toHaveBeenCalled();
    // The older save went with the new one.
    expect(savedNames()).toHaveLength(2);
  });

  it('loads the saved graph in a new process instead of filling it, with the changes since applied', async () => {
    await untilSaved(writer);
    await writer.upsert('c', [{ ...data[5], id: 'after-save', vector: data[5].vector.map((x) => -x) }]);
    const filled = jest.spyOn(NeighbourIndex, 'empty');
    const loaded = jest.spyOn(NeighbourIndex, 'load');
    const reader = open();
    await reader.prepare('c');
    expect(
      (
        await first(
          reader,
          data[5].vector.map((x) => -x),
        )
      )[0],
    ).toBe('after-save');
    expect((await first(reader, data[6].vector))[0]).toBe(data[6].id);
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(filled).not.toHaveBeenCalled();
  });

  it('fills the graph anew when its save is damaged, answering all the while', async () => {
    const [ids] = await untilSaved(writer);
    writeFileSync(join(saves, ids.replace('.ids.json', '.usearch')), 'not a graph');
    const filled = jest.spyOn(NeighbourIndex, 'empty');
    const reader = open();
    expect((await first(reader, data[9].vector))[0]).toBe(data[9].id);
    expect(filled).toHaveBeenCalledTimes(1);
    // Filled, it is saved in place of the damaged one.
    await reader.settle('c');
    expect(savedNames()).toHaveLength(2);
    expect(savedNames()).not.toContain(ids);
  });

  it('loads a save with many changes since: their old entries go at once, the rest is filled in', async () => {
    await untilSaved(writer);
    const more = records(clustered(1_200, 29)).map((r) => ({ ...r, id: `later-${r.id}` }));
    await writer.upsert('c', more);
    await writer.delete('c', [data[10].id]);
    const filled = jest.spyOn(NeighbourIndex, 'empty');
    const loaded = jest.spyOn(NeighbourIndex, 'load');
    const reader = open();
    expect((await first(reader, more[3].vector))[0]).toBe(more[3].id);
    await reader.settle('c');
    const walked = jest.spyOn(NeighbourIndex.prototype, 'nearest');
    expect((await first(reader, more[4].vector))[0]).toBe(more[4].id);
    expect(await first(reader, data[10].vector)).not.toContain(data[10].id);
    expect(walked).toHaveBeenCalledTimes(2);
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(filled).not.toHaveBeenCalled();
  });

  it('saves on close what changed since the last save, and never loads a save newer than the file', async () => {
    const closing = open();
    await closing.settle('c');
    const before = savedNames();
    await closing.upsert('c', [{ ...data[12], vector: data[13].vector }]);
    await closing.query('c', { vector: data[0].vector, limit: 1 });
    await closing.close();
    const after = savedNames();
    expect(after).toHaveLength(2);
    expect(after).not.toEqual(before);

    // A save from beyond the file's last change (the file restored from an older copy) is not this file's.
    const [ids] = after.filter((n) => n.endsWith('.ids.json'));
    const [collection, watermark] = ids.replace('.ids.json', '').split('-').map(Number);
    for (const part of ['.ids.json', '.usearch']) {
      copyFileSync(
        join(saves, ids.replace('.ids.json', part)),
        join(saves, `${collection}-${watermark + 1_000}${part}`),
      );
    }
    const loaded = jest.spyOn(NeighbourIndex, 'load');
    const reader = open();
    await reader.settle('c');
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(loaded.mock.calls[0][1]).toContain(`${collection}-${watermark}.usearch`);
  });

  it('saves no graph of a collection another process dropped while it was being filled', async () => {
    const dropped = join(dir, 'dropped.sqlite');
    const [filling, dropping] = [dropped, dropped].map((f) => {
      const store = new SqliteVectorStore(f, { indexFrom: INDEX_FROM });
      opened.push(store);
      return store;
    });
    await filling.ensureCollection('c', { dimension: data[0].vector.length });
    await filling.upsert('c', data);
    await filling.query('c', { vector: data[0].vector, limit: 1 }); // the fill's first slice
    await dropping.deleteCollection('c');
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the fill's next slice stops it
    expect(existsSync(`${dropped}-neighbours`) ? readdirSync(`${dropped}-neighbours`) : []).toEqual([]);
  });

  it('removes the saves of a dropped collection', async () => {
    await untilSaved(writer);
    await writer.deleteCollection('c');
    expect(savedNames()).toEqual([]);
  });
});
