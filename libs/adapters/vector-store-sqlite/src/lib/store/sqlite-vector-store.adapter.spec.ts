/**
 * What only the SQLite store does (the contract suites cover the port): its nearest neighbours are the
 * exact ones at a size where the first pass must choose, with and without filters; two instances on one
 * file (two processes) see each other's writes at their next search, through the log and past its end;
 * the file is the owner's only; a file that is not a store fails as unavailable, naming no path;
 * candidate ids come from the indexed keys alone.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allOf, where, type Filter } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import Database from 'better-sqlite3';
import { clustered, DIMENSION, records } from '../../testing/clustered-records';
import { SqliteVectorStore } from './sqlite-vector-store.adapter';

describe('SqliteVectorStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-store-'));
  const opened: SqliteVectorStore[] = [];
  const open = (file = 'store.sqlite', retainedVectorChanges?: number) => {
    // The exact scan's tests: no collection here is searched through a graph (neighbour-graphs.spec.ts).
    const store = new SqliteVectorStore(join(dir, file), { retainedVectorChanges, indexFrom: Infinity });
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of opened) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names candidate ids from the indexed keys without reading the records', async () => {
    const store = open('candidates.sqlite');
    await store.ensureCollection('links', { dimension: 1, indexedKeys: ['sourceId'] });
    await store.upsert(
      'links',
      ['a', 'b', 'c'].map((end, i) => ({
        id: `l${i}`,
        vector: [1],
        metadata: { sourceId: end === 'c' ? 'b' : end, weak: i === 1 },
        document: '',
      })),
    );
    const byKeyAndMetadata = allOf(where.in('sourceId', ['a', 'b']), where.eq('weak', true)) as Filter;
    // The keys name l0, l1 and l2; only l1 matches the whole filter, which `find` reads the records for.
    expect(await store.candidateIds('links', byKeyAndMetadata)).toEqual(['l0', 'l1', 'l2']);
    expect(
      (await store.find('links', { filter: byKeyAndMetadata, limit: 10 })).records.map((r) => r.id),
    ).toEqual(['l1']);
    // Without an indexed key in it, the filter is matched on the records.
    expect(await store.candidateIds('links', where.eq('weak', true))).toEqual(['l1']);
  });

  it('finds the exact nearest neighbours and distances among 3,000 vectors, filtered or not', async () => {
    const store = open('exact.sqlite');
    const exact = new MemoryVectorStore();
    const data = records(clustered(3_000));
    for (const s of [store, exact]) {
      await s.ensureCollection('c', { dimension: DIMENSION });
      await s.upsert('c', data);
    }
    const filters: (Filter | undefined)[] = [undefined, where.eq('parity', 'odd'), where.eq('rare', true)];
    for (const [q, query] of clustered(20, 7).entries()) {
      for (const filter of filters) {
        const request = { vector: query, limit: q % 2 === 0 ? 10 : 50, filter };
        const [got, want] = await Promise.all([store.query('c', request), exact.query('c', request)]);
        expect(got.map((m) => m.id)).toEqual(want.map((m) => m.id));
        got.forEach((m, i) => expect(m.distance).toBeCloseTo(want[i].distance, 5));
      }
    }
  });

  it('prepares a collection of several blocks of codes whole in a new instance', async () => {
    const data = records(clustered(20_000, 3));
    const writer = open('blocks.sqlite');
    await writer.ensureCollection('c', { dimension: DIMENSION });
    for (let i = 0; i < data.length; i += 5_000) await writer.upsert('c', data.slice(i, i + 5_000));
    const reader = open('blocks.sqlite');
    await reader.prepare('c');
    const exact = new MemoryVectorStore();
    await exact.ensureCollection('c', { dimension: DIMENSION });
    await exact.upsert('c', data);
    // Each query is one of the records: it must come first, wherever its block is.
    for (const i of [0, 7, 8_191, 8_192, 16_383, 16_384, 19_999]) {
      const request = { vector: data[i].vector, limit: 5 };
      const [got, want] = await Promise.all([reader.query('c', request), exact.query('c', request)]);
      expect(got[0].id).toBe(data[i].id);
      expect(got.map((m) => m.id)).toEqual(want.map((m) => m.id));
    }
  });

  it('prepares a collection ahead of its first search, and its next search sees what was written meanwhile', async () => {
    const data = records(clustered(20_000, 5));
    const writer = open('prepared.sqlite');
    await writer.ensureCollection('c', { dimension: DIMENSION });
    await writer.upsert('c', data);
    const reader = open('prepared.sqlite');
    const preparing = reader.prepare('c');
    // A search meanwhile waits for the vectors being read.
    const during = reader.query('c', { vector: data[5].vector, limit: 1 });
    // Between its blocks, another process changes and deletes vectors and adds one.
    await new Promise((resolve) => setImmediate(resolve));
    await writer.upsert('c', [{ ...data[1], vector: data[2].vector.map((x) => -x) }]);
    await writer.delete('c', [data[3].id]);
    await writer.upsert('c', [{ ...data[4], id: 'added', vector: data[4].vector.map((x) => -x) }]);
    await preparing;
    expect((await during)[0].id).toBe(data[5].id);

    // The codes are held now: the search ranks what it holds, even with the table's codes gone but for
    // those of the vectors written meanwhile, which it reads again (from the log of vector writes).
    const raw = new Database(join(dir, 'prepared.sqlite'));
    raw.prepare("DELETE FROM vector_codes WHERE id NOT IN (?, 'added')").run(data[1].id);
    raw.close();
    const nearest = async (vector: number[]) =>
      (await reader.query('c', { vector, limit: 3 })).map((m) => m.id);
    expect((await nearest(data[0].vector))[0]).toBe(data[0].id);
    expect((await nearest(data[2].vector.map((x) => -x)))[0]).toBe(data[1].id);
    expect(await nearest(data[3].vector)).not.toContain(data[3].id);
    expect((await nearest(data[4].vector.map((x) => -x)))[0]).toBe('added');
    await expect(reader.prepare('absent')).resolves.toBeUndefined();
  });

  it('stops preparing quietly when the store is closed meanwhile (a process stopping)', async () => {
    const writer = open('closing.sqlite');
    await writer.ensureCollection('c', { dimension: DIMENSION });
    await writer.upsert('c', records(clustered(20_000, 9)));
    const reader = open('closing.sqlite');
    const preparing = reader.prepare('c');
    await reader.close();
    await expect(preparing).resolves.toBeUndefined();
  });

  it("sees another instance's writes at its next search: new, changed and deleted vectors, and collections", async () => {
    const [a, b] = [open('shared.sqlite'), open('shared.sqlite')];
    await a.ensureCollection('c', { dimension: 3 });
    await a.upsert('c', [{ id: 'x', vector: [1, 0, 0], metadata: {}, document: '' }]);
    const nearestIn = async (store: SqliteVectorStore, vector: number[]) =>
      (await store.query('c', { vector, limit: 1 }))[0]?.id;
    expect(await nearestIn(b, [1, 0, 0])).toBe('x');

    await a.upsert('c', [
      { id: 'x', vector: [0, 1, 0], metadata: {}, document: '' },
      { id: 'y', vector: [1, 0, 0], metadata: {}, document: '' },
    ]);
    expect(await nearestIn(b, [0, 1, 0])).toBe('x');
    expect(await nearestIn(b, [1, 0, 0])).toBe('y');

    await a.delete('c', ['y']);
    expect(await nearestIn(b, [1, 0, 0])).toBe('x');
    await a.deleteWhere('c', where.eq('absent', true));
    await b.insertNew('c', [{ id: 'z', vector: [0, 0, 1], metadata: {}, document: '' }]);
    expect(await nearestIn(a, [0, 0, 1])).toBe('z');

    await a.deleteCollection('c');
    await a.ensureCollection('c', { dimension: 3 });
    await a.upsert('c', [{ id: 'w', vector: [0, 0, 1], metadata: {}, document: '' }]);
    expect(await b.query('c', { vector: [0, 0, 1], limit: 5 })).toEqual([
      expect.objectContaining({ id: 'w' }),
    ]);
  });

  it('reads the whole collection again when the log no longer reaches back to what it holds', async () => {
    const [a, b] = [open('pruned.sqlite', 10), open('pruned.sqlite', 10)];
    await a.ensureCollection('c', { dimension: 3 });
    await a.upsert('c', [{ id: 'first', vector: [1, 0, 0], metadata: {}, document: '' }]);
    expect((await b.query('c', { vector: [1, 0, 0], limit: 1 }))[0].id).toBe('first');
    for (let i = 0; i < 30; i++) {
      await a.upsert('c', [{ id: `n${i}`, vector: [0, 1, i / 30], metadata: {}, document: '' }]);
    }
    await a.delete('c', ['first']);
    await a.upsert('c', [{ id: 'last', vector: [1, 0, 0.01], metadata: {}, document: '' }]);
    const ids = (await b.query('c', { vector: [1, 0, 0], limit: 40 })).map((m) => m.id);
    expect(ids[0]).toBe('last');
    expect(ids).not.toContain('first');
    expect(ids).toHaveLength(31);
  });

  it('keeps its file and folder to the owner (they hold what memories say)', async () => {
    const folder = join(dir, 'private');
    const store = new SqliteVectorStore(join(folder, 'store.sqlite'));
    opened.push(store);
    await store.ensureCollection('c', { dimension: 3 });
    expect(statSync(join(folder, 'store.sqlite')).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('fails as unavailable on a file that is not a store, naming no path', () => {
    const file = join(dir, 'not-a-database.sqlite');
    writeFileSync(file, 'this is not SQLite '.repeat(400));
    let error: unknown;
    try {
      new SqliteVectorStore(file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect((error as Error).message).not.toContain(dir);
  });
});
