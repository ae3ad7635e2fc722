/** Links stored one record per pair, read from either end, and records of the older per-direction format. */
import { Container } from 'inversify';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import type { Link } from '../domain/link';
import { linksModule } from '../links.module';
import { legacyLinkRecord } from '../testing/links-test-kit';
import { LinkRepository } from './link.repository';

const COLLECTION = 'kioku_test_links';

function setup() {
  const store = new MemoryVectorStore();
  const container = new Container();
  container.bind(VECTOR_STORE_TOKENS.VectorStore).toConstantValue(store);
  container.loadSync(namespaceStorageModule(), linksModule());
  return { store, links: container.get(LinkRepository) };
}

const link = (sourceId: string, targetId: string, fields: Partial<Link> = {}): Link => ({
  sourceId,
  targetId,
  type: 'related',
  confidence: 0.6,
  note: 'why',
  createdAt: '2026-01-02T03:04:05.000Z',
  ...fields,
});

const ids = async (store: MemoryVectorStore) =>
  (await store.find(COLLECTION, { limit: 100 })).records.map((r) => r.id).sort();

describe('LinkRepository', () => {
  it('stores a link as one record per pair, whichever end it was saved from', async () => {
    const { store, links } = setup();
    await links.saveBoth('test', [link('mem_b', 'mem_a'), link('mem_a', 'mem_c')]);
    await links.saveBoth('test', [link('mem_a', 'mem_b', { confidence: 0.9 })]);
    expect(await ids(store)).toEqual(['mem_a>mem_b>related', 'mem_a>mem_c>related']);
    const [record] = await store.get(COLLECTION, ['mem_a>mem_b>related']);
    expect(Object.keys(record.metadata).sort()).toEqual(['link', 'sourceId', 'targetId', 'type']);
  });

  it('reads links oriented from the memories asked about, with every field', async () => {
    const { links } = setup();
    await links.saveBoth('test', [
      link('mem_b', 'mem_a', { replayedAt: '2026-02-01T00:00:00.000Z' }),
      link('mem_a', 'mem_c', { type: 'similar' }),
    ]);
    expect(await links.linksFrom('test', ['mem_b'])).toEqual([
      link('mem_b', 'mem_a', { replayedAt: '2026-02-01T00:00:00.000Z' }),
    ]);
    const fromA = await links.linksFrom('test', ['mem_a']);
    expect(fromA.map((l) => `${l.sourceId}>${l.targetId}>${l.type}`).sort()).toEqual([
      'mem_a>mem_b>related',
      'mem_a>mem_c>similar',
    ]);
    expect((await links.linksFrom('test', ['mem_a'], 'similar')).map((l) => l.targetId)).toEqual(['mem_c']);
    // A link between two asked memories comes once from each.
    expect((await links.linksFrom('test', ['mem_a', 'mem_b'])).map((l) => l.sourceId).sort()).toEqual([
      'mem_a',
      'mem_a',
      'mem_b',
    ]);
    expect(await links.find('test', 'mem_c', 'mem_a', 'similar')).toEqual(
      link('mem_c', 'mem_a', { type: 'similar' }),
    );
    expect(await links.find('test', 'mem_c', 'mem_a', 'related')).toBeNull();
  });

  it('reads the links among some memories only, from each end', async () => {
    const { links } = setup();
    await links.saveBoth('test', [
      link('mem_a', 'mem_b', { confidence: 0.9 }),
      link('mem_c', 'mem_a'),
      link('mem_b', 'mem_d'),
      link('mem_c', 'mem_b', { type: 'similar' }),
    ]);
    const among = await links.linksAmong('test', ['mem_c', 'mem_a', 'mem_b']);
    expect(among.map((l) => `${l.sourceId}>${l.targetId}>${l.type}`).sort()).toEqual([
      'mem_a>mem_b>related',
      'mem_a>mem_c>related',
      'mem_b>mem_a>related',
      'mem_b>mem_c>similar',
      'mem_c>mem_a>related',
      'mem_c>mem_b>similar',
    ]);
    expect(among.find((l) => l.sourceId === 'mem_b' && l.targetId === 'mem_a')?.confidence).toBe(0.9);
    expect(await links.linksAmong('test', ['mem_a', 'mem_d'])).toEqual([]);
    expect(await links.linksAmong('test', ['mem_a'])).toEqual([]);
  });

  it('removes a pair from either end, and every link of a memory', async () => {
    const { store, links } = setup();
    await links.saveBoth('test', [link('mem_a', 'mem_b'), link('mem_a', 'mem_c'), link('mem_d', 'mem_b')]);
    await links.removeBoth('test', [link('mem_b', 'mem_a')]);
    expect(await ids(store)).toEqual(['mem_a>mem_c>related', 'mem_b>mem_d>related']);
    await links.removeAllFor('test', 'mem_c');
    await links.removeAllFor('test', 'mem_d');
    expect(await ids(store)).toEqual([]);
  });

  it('pages every pair once and lists both directions of each', async () => {
    const { links } = setup();
    await links.saveBoth('test', [link('mem_a', 'mem_b'), link('mem_c', 'mem_b'), link('mem_a', 'mem_c')]);
    const pages: Link[][] = [];
    for await (const page of links.pairs('test', 2)) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
    expect(pages.flat().map((l) => `${l.sourceId}>${l.targetId}`)).toEqual([
      'mem_a>mem_b',
      'mem_a>mem_c',
      'mem_b>mem_c',
    ]);
    expect((await links.findAll('test')).map((l) => `${l.sourceId}>${l.targetId}`).sort()).toEqual(
      ['mem_a>mem_b', 'mem_b>mem_a', 'mem_a>mem_c', 'mem_c>mem_a', 'mem_b>mem_c', 'mem_c>mem_b'].sort(),
    );
  });

  it('reads per-direction records of an older kioku, the pair record first, and merges them', async () => {
    const { store, links } = setup();
    await links.linksFrom('test', ['mem_a']); // opens the collection
    await store.upsert(COLLECTION, [
      legacyLinkRecord('mem_a', 'mem_b', { confidence: 0.7 }),
      legacyLinkRecord('mem_b', 'mem_a', { confidence: 0.7 }),
      legacyLinkRecord('mem_c', 'mem_a', { confidence: 0.4 }), // only the direction whose source sorts last
    ]);
    expect((await links.linksFrom('test', ['mem_a'])).map((l) => [l.targetId, l.confidence, l.note])).toEqual(
      [
        ['mem_b', 0.7, 'old'],
        ['mem_c', 0.4, 'old'],
      ],
    );
    expect(await links.find('test', 'mem_a', 'mem_c', 'related')).toMatchObject({
      targetId: 'mem_c',
      confidence: 0.4,
    });
    const among = await links.linksAmong('test', ['mem_c', 'mem_b', 'mem_a']);
    expect(among.map((l) => `${l.sourceId}>${l.targetId} ${l.confidence}`).sort()).toEqual([
      'mem_a>mem_b 0.7',
      'mem_a>mem_c 0.4',
      'mem_b>mem_a 0.7',
      'mem_c>mem_a 0.4',
    ]);
    const pairs: Link[] = [];
    for await (const page of links.pairs('test')) pairs.push(...page);
    expect(pairs.map((l) => `${l.sourceId}>${l.targetId}`).sort()).toEqual(['mem_a>mem_b', 'mem_a>mem_c']);

    expect(await links.mergeLegacyHalves('test')).toBe(2);
    expect(await ids(store)).toEqual(['mem_a>mem_b>related', 'mem_a>mem_c>related']);
    expect(await links.find('test', 'mem_c', 'mem_a', 'related')).toMatchObject({
      confidence: 0.4,
      note: 'old',
    });
    expect(await links.mergeLegacyHalves('test')).toBe(0);

    // Removing a pair also removes a legacy half of it.
    await store.upsert(COLLECTION, [legacyLinkRecord('mem_b', 'mem_a', { confidence: 0.7 })]);
    await links.removeBoth('test', [link('mem_a', 'mem_b')]);
    expect(await ids(store)).toEqual(['mem_a>mem_c>related']);
  });

  it('skips malformed records and reads a bad link field as defaults', async () => {
    const { store, links } = setup();
    await links.linksFrom('test', ['mem_a']);
    await store.upsert(COLLECTION, [
      { id: 'x', vector: [1], metadata: { sourceId: 'mem_a' }, document: '' },
      {
        id: 'mem_a>mem_b>similar',
        vector: [1],
        metadata: { sourceId: 'mem_a', targetId: 'mem_b', type: 'similar', link: '{not json' },
        document: '',
      },
    ]);
    expect(await links.linksFrom('test', ['mem_a'])).toEqual([
      { sourceId: 'mem_a', targetId: 'mem_b', type: 'similar', confidence: 0.5, note: '', createdAt: '' },
    ]);
  });
});
