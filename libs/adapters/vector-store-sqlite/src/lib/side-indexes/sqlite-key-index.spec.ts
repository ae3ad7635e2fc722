/**
 * What only the SQLite key index does (the contract and drift suites cover the rest through the store):
 * a fill or repair copies a record that has no copy, never replaces a writer's copy with what it read
 * earlier, and drops a copy that differs from the store; vectors are kept as float32, and a copy
 * without one (made before vectors were copied) reads without one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyedRecord } from '@kioku/vector-store-base';
import { SqliteKeyIndex } from './sqlite-key-index';

const note = (id: string, text: string, vector?: number[]): KeyedRecord => ({
  id,
  metadata: { text, n: 1 },
  document: text,
  ...(vector ? { vector } : {}),
});

describe('SqliteKeyIndex', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function opened(file: string): Promise<SqliteKeyIndex> {
    const index = new SqliteKeyIndex(join(dir, file));
    await index.open('c', []);
    return index;
  }

  it('fills what has no copy, keeps an equal copy, and drops one that differs from the store', async () => {
    const index = await opened('fill.sqlite');
    await index.add('c', [note('pending', 'x')]);
    await index.settle('c', [note('same', 'kept'), note('raced', 'newer', [1, 2])]);
    await index.fill('c', [
      note('absent', 'copied'),
      note('pending', 'copied too'),
      // The same record, its keys in another order (as the store returns them).
      { id: 'same', metadata: { n: 1, text: 'kept' }, document: 'kept' },
      // Read before a writer settled its newer version.
      note('raced', 'older'),
    ]);
    const copies = await index.copies('c', ['absent', 'pending', 'same', 'raced']);
    expect(Object.fromEntries([...copies].map(([id, copy]) => [id, copy?.document ?? null]))).toEqual({
      absent: 'copied',
      pending: 'copied too',
      same: 'kept',
      raced: null,
    });
    await index.settle('c', [note('raced', 'newest')]);
    expect((await index.copies('c', ['raced'], true)).get('raced')).toEqual(note('raced', 'newest'));
    await index.close();
  });

  it('keeps vectors as float32 and returns them only when asked', async () => {
    const index = await opened('vectors.sqlite');
    await index.settle('c', [note('v', 'with a vector', [0.1, -2, 3.5]), note('w', 'without')]);
    const [withVector, without] = [...(await index.copies('c', ['v', 'w'], true)).values()];
    expect(withVector?.vector).toEqual([Math.fround(0.1), -2, 3.5]);
    expect(without?.vector).toBeUndefined();
    expect((await index.copies('c', ['v'])).get('v')?.vector).toBeUndefined();
    await index.close();
  });
});
