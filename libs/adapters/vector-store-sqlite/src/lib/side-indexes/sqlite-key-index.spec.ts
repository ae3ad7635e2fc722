/**
 * What only the SQLite key index does (the contract and drift suites cover the rest through the store):
 * a repair finds the records whose entries or copy differ from them (an entry missing or left from an
 * old value, no copy, another copy, a copy without its vector, keys in another order being the same)
 * and makes both exactly the record's; a patch's entries go only to records the index knows; vectors
 * are kept as float32, and a copy without one (made before vectors were copied) reads without one.
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

  it('finds the records whose entries or copy differ from them, and makes both theirs', async () => {
    const index = new SqliteKeyIndex(join(dir, 'stale.sqlite'));
    await index.open('c', ['group']);
    const grouped = (id: string, group: string, vector?: number[]): KeyedRecord => ({
      id,
      metadata: { group, n: 1 },
      document: id,
      ...(vector ? { vector } : {}),
    });
    await index.add('c', [grouped('sound', 'a'), grouped('moved', 'a'), grouped('uncopied', 'a')]);
    await index.settle('c', [grouped('sound', 'a', [1]), grouped('moved', 'a', [1])]);
    await index.settle('c', [grouped('vectorless', 'a')]);
    await index.add('c', [grouped('vectorless', 'a')]);
    const asStored = [
      // The same record, its keys in another order (as the store returns them).
      { id: 'sound', metadata: { n: 1, group: 'a' }, document: 'sound' },
      grouped('moved', 'b'),
      grouped('uncopied', 'a'),
      grouped('vectorless', 'a'),
      grouped('unknown', 'a'),
    ];
    expect([...(await index.stale('c', asStored))].sort()).toEqual([
      'moved',
      'uncopied',
      'unknown',
      'vectorless',
    ]);
    await index.reconcile(
      'c',
      asStored.filter((r) => r.id !== 'sound').map((r) => ({ ...r, vector: [2] })),
    );
    expect(await index.stale('c', asStored)).toEqual(new Set());
    expect((await index.idsWith('c', 'group', ['a'])).sort()).toEqual([
      'sound',
      'uncopied',
      'unknown',
      'vectorless',
    ]);
    expect(await index.idsWith('c', 'group', ['b'])).toEqual(['moved']);
    expect((await index.copies('c', ['moved'], true)).get('moved')).toEqual(grouped('moved', 'b', [2]));
    await index.close();
  });

  it("gives a patch's entries only to records it knows, and makes no record known", async () => {
    const index = new SqliteKeyIndex(join(dir, 'patch.sqlite'));
    await index.open('c', ['group']);
    await index.add('c', [{ id: 'known', metadata: { group: 'a' } }]);
    const patches = [
      { id: 'known', metadata: { group: 'b' } },
      { id: 'ghost', metadata: { group: 'b' } },
    ];
    expect(await index.add('c', patches, { existingOnly: true })).toBe(1);
    expect(await index.idsWith('c', 'group', ['b'])).toEqual(['known']);
    expect(await index.idsAfter('c', undefined, 10)).toEqual(['known']);
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
