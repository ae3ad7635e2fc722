/** Records written: upsert, insertNew, patchMetadata, and that stored state cannot be mutated from outside. */
import { DimensionMismatchError, where, type Metadata } from '@kioku/vector-store';
import { record, vectorFor } from '../vector-store.fixtures';
import type { VectorStoreContractContext } from './vector-store-contract.context';

export function describeRecordWriteContract(t: VectorStoreContractContext): void {
  const { newCollection, seeded, expectVector } = t;

  describe('records', () => {
    it('round-trips a record with its vector, metadata and document', async () => {
      const collection = await seeded([record('a', [0.25, -0.5, 0.75], { kind: 'note', n: 7 }, 'hello')]);
      const [stored] = await t.store.get(collection, ['a'], { includeVectors: true });
      expect(stored.id).toBe('a');
      expect(stored.metadata).toEqual({ kind: 'note', n: 7 });
      expect(stored.document).toBe('hello');
      expectVector(stored.vector, [0.25, -0.5, 0.75]);
    });

    it('round-trips metadata of every scalar type exactly', async () => {
      const metadata: Metadata = {
        text: 'plain',
        empty: '',
        japanese: '記憶は大切です',
        emoji: '🧠✨ memory',
        zero: 0,
        int: 42,
        negative: -7,
        float: 0.125,
        third: 1 / 3,
        tiny: 1e-7,
        timestamp: 1_732_147_200_123,
        yes: true,
        no: false,
      };
      const collection = await seeded([record('a', [1, 0, 0], metadata)]);
      const [stored] = await t.store.get(collection, ['a']);
      expect(stored.metadata).toEqual(metadata);
      for (const [key, value] of Object.entries(metadata))
        expect(typeof stored.metadata[key]).toBe(typeof value);
    });

    it('round-trips empty metadata', async () => {
      const collection = await seeded([record('a', [1, 0, 0], {})]);
      expect((await t.store.get(collection, ['a']))[0].metadata).toEqual({});
    });

    it('round-trips documents with unicode, newlines and an empty document', async () => {
      const documents = [
        'ユーザーは味噌ラーメンが大好き。\n次の行🍜',
        'emoji 👩‍👩‍👧‍👦 and combining e\u0301',
        '',
        'x'.repeat(20_000),
      ];
      const collection = await seeded(documents.map((d, i) => record(`d${i}`, vectorFor(i, 3), {}, d)));
      const stored = await t.store.get(collection, ['d0', 'd1', 'd2', 'd3']);
      expect(stored.map((r) => r.document)).toEqual(documents);
    });

    it('upsert replaces the vector, metadata and document of an existing id', async () => {
      const collection = await seeded([
        record('a', [1, 0, 0], { kind: 'note', old: 'gone', n: 1 }, 'old text'),
      ]);
      await t.store.upsert(collection, [record('a', [0, 1, 0], { kind: 'task', n: 2.5 }, 'new text')]);
      const [stored] = await t.store.get(collection, ['a'], { includeVectors: true });
      expect(stored.metadata).toEqual({ kind: 'task', n: 2.5 });
      expect(stored.document).toBe('new text');
      expectVector(stored.vector, [0, 1, 0]);
      expect(await t.store.count(collection)).toBe(1);
      expect(await t.store.count(collection, where.eq('old', 'gone'))).toBe(0);
    });

    it('upsert with empty metadata removes every old key', async () => {
      const collection = await seeded([record('a', [1, 0, 0], { kind: 'note', flag: true })]);
      await t.store.upsert(collection, [record('a', [1, 0, 0], {})]);
      expect((await t.store.get(collection, ['a']))[0].metadata).toEqual({});
    });

    it('upsert is idempotent', async () => {
      const collection = await newCollection();
      const records = [record('a', [1, 0, 0], { n: 1 }, 'one'), record('b', [0, 1, 0], { n: 2 }, 'two')];
      await t.store.upsert(collection, records);
      await t.store.upsert(collection, records);
      expect(await t.store.count(collection)).toBe(2);
      expect(await t.store.get(collection, ['a', 'b'])).toEqual([
        { id: 'a', metadata: { n: 1 }, document: 'one' },
        { id: 'b', metadata: { n: 2 }, document: 'two' },
      ]);
    });

    it('upsert with noStaleKeys writes new records and rewrites records that keep their keys', async () => {
      const collection = await newCollection();
      await t.store.upsert(collection, [record('a', [1, 0, 0], { n: 1, note: '' }, 'one')], {
        noStaleKeys: true,
      });
      await t.store.upsert(collection, [record('a', [0, 1, 0], { n: 2, note: 'x' }, 'two')], {
        noStaleKeys: true,
      });
      const [stored] = await t.store.get(collection, ['a'], { includeVectors: true });
      expect(stored.metadata).toEqual({ n: 2, note: 'x' });
      expect(stored.document).toBe('two');
      expectVector(stored.vector, [0, 1, 0]);
    });

    it('upsert of nothing is a no-op', async () => {
      const collection = await seeded([record('a', [1, 0, 0])]);
      await t.store.upsert(collection, []);
      expect(await t.store.count(collection)).toBe(1);
    });

    it('concurrent upserts of different ids all land', async () => {
      const collection = await newCollection();
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.store.upsert(collection, [record(`m${i}`, vectorFor(i, 3), { i })]),
        ),
      );
      expect(await t.store.count(collection)).toBe(20);
    });

    it('insertNew writes new ids and keeps the stored version of existing ones', async () => {
      const collection = await seeded([record('a', [1, 0, 0], { owner: 'first' }, 'one')]);
      await t.store.insertNew(collection, [
        record('a', [0, 1, 0], { owner: 'second' }, 'two'),
        record('b', [0, 0, 1], { owner: 'second' }, 'three'),
        record('b', [1, 0, 0], { owner: 'third' }, 'four'),
      ]);
      expect(await t.store.get(collection, ['a', 'b'])).toEqual([
        { id: 'a', metadata: { owner: 'first' }, document: 'one' },
        { id: 'b', metadata: { owner: 'second' }, document: 'three' },
      ]);
      await t.store.insertNew(collection, []);
      expect(await t.store.count(collection)).toBe(2);
    });

    it('insertNew validates every record before writing any', async () => {
      const collection = await newCollection();
      await expect(
        t.store.insertNew(collection, [record('a', [1, 0, 0]), record('b', [1, 0])]),
      ).rejects.toBeInstanceOf(DimensionMismatchError);
      expect(await t.store.count(collection)).toBe(0);
    });

    it('concurrent insertNew of one id keeps exactly one version, the one every caller reads', async () => {
      const collection = await newCollection(1);
      for (let round = 0; round < 10; round++) {
        const id = `claim-${round}`;
        const winners = await Promise.all(
          Array.from({ length: 6 }, async (_, writer) => {
            await t.store.insertNew(collection, [record(id, [1], { writer })]);
            const [stored] = await t.store.get(collection, [id]);
            return stored.metadata['writer'] === writer;
          }),
        );
        expect(winners.filter(Boolean)).toHaveLength(1);
      }
    });

    it('callers cannot mutate stored state through written or returned objects', async () => {
      const collection = await newCollection();
      const written = record('a', [1, 0, 0], { kind: 'note' }, 'doc');
      await t.store.upsert(collection, [written]);
      written.vector[0] = 9;
      written.metadata['kind'] = 'changed';
      const [first] = await t.store.get(collection, ['a'], { includeVectors: true });
      (first.vector as number[])[0] = 5;
      first.metadata['kind'] = 'mutated';
      const [second] = await t.store.get(collection, ['a'], { includeVectors: true });
      expect(second.metadata).toEqual({ kind: 'note' });
      expectVector(second.vector, [1, 0, 0]);
    });

    it('patchMetadata merges keys and leaves the vector and document alone', async () => {
      const collection = await seeded([
        record('a', [1, 0, 0], { kind: 'note', n: 1, keep: 'yes' }, 'doc a'),
        record('b', [0, 1, 0], { kind: 'note' }, 'doc b'),
      ]);
      await t.store.patchMetadata(collection, [
        { id: 'a', metadata: { n: 2.5, added: true } },
        { id: 'missing', metadata: { n: 3 } },
      ]);
      const [a, b] = await t.store.get(collection, ['a', 'b'], { includeVectors: true });
      expect(a.metadata).toEqual({ kind: 'note', n: 2.5, keep: 'yes', added: true });
      expect(a.document).toBe('doc a');
      expectVector(a.vector, [1, 0, 0]);
      expect(b.metadata).toEqual({ kind: 'note' });
      expect(await t.store.count(collection)).toBe(2);
      expect(await t.store.count(collection, where.eq('added', true))).toBe(1);
    });

    it('patchMetadata can change a value type and is idempotent', async () => {
      const collection = await seeded([record('a', [1, 0, 0], { v: 1 })]);
      await t.store.patchMetadata(collection, [{ id: 'a', metadata: { v: 'one' } }]);
      await t.store.patchMetadata(collection, [{ id: 'a', metadata: { v: 'one' } }]);
      expect((await t.store.get(collection, ['a']))[0].metadata).toEqual({ v: 'one' });
    });
  });
}
