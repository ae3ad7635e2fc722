/**
 * What only the SQLite index does (the lexical contract suite covers the rest through the store):
 * a term found in more documents than one read takes is read in impact order and cut, which keeps
 * the best documents for it and every document a rarer query term finds. Each term's document count
 * is kept as documents come and go, and counted once in an index from before. Its files are the
 * owner's only.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDatabase } from '../sqlite/sqlite-driver';
import { SqliteLexicalIndex } from './sqlite-lexical-index';

const notes = [
  'coffee with a friend at the harbour',
  'the friend moved to the harbour town in spring',
  'spring cleaning of the garden shed',
  'a long walk to the garden centre with coffee',
  'coffee beans from the market',
].map((document, i) => ({ id: `n${i}`, document, metadata: { n: i } }));

/** Every score the index gives these queries, to compare two indexes holding the same documents. */
async function scores(index: SqliteLexicalIndex, queries = ['coffee friend', 'garden spring', 'harbour']) {
  return Promise.all(queries.map((q) => index.search('c', q, 10)));
}

describe('SqliteLexicalIndex', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-lexical-'));
  const index = new SqliteLexicalIndex(join(dir, 'index.sqlite'));
  afterAll(async () => {
    await index.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('cuts a very common term in impact order and still finds what rarer terms find', async () => {
    await index.open('c');
    const filler = Array.from({ length: 2_500 }, (_, i) => ({
      id: `m${String(i).padStart(5, '0')}`,
      document: `coffee with a friend in the afternoon number ${i}`,
      metadata: { n: i },
    }));
    await index.upsert('c', [
      ...filler,
      { id: 'strong', document: 'coffee coffee coffee', metadata: { n: -1 } },
      { id: 'rare', document: 'coffee at the zanzibar market', metadata: { n: -2 } },
    ]);
    const common = await index.search('c', 'coffee', 3);
    expect(common[0].id).toBe('strong');
    const both = await index.search('c', 'zanzibar coffee', 3);
    expect(both[0].id).toBe('rare');
    const filtered = await index.search('c', 'coffee', 3, { field: 'n', op: 'lt', value: 0 });
    expect(filtered.map((h) => h.id)).toEqual(['strong', 'rare']);
  });

  it('scores as an index built afresh after documents are replaced and deleted', async () => {
    const changed = new SqliteLexicalIndex(join(dir, 'changed.sqlite'));
    const fresh = new SqliteLexicalIndex(join(dir, 'fresh.sqlite'));
    await changed.open('c');
    await changed.upsert('c', notes);
    await changed.upsert('c', [{ id: 'n0', document: 'tea with a neighbour', metadata: { n: 0 } }]);
    await changed.delete('c', ['n2']);
    await changed.deleteWhere('c', { field: 'n', op: 'eq', value: 4 });
    await fresh.open('c');
    await fresh.upsert('c', [
      { id: 'n0', document: 'tea with a neighbour', metadata: { n: 0 } },
      notes[1],
      notes[3],
    ]);
    const expected = await scores(fresh);
    expect(expected.flat().length).toBeGreaterThan(0);
    expect(await scores(changed)).toEqual(expected);
    await Promise.all([changed.close(), fresh.close()]);
  });

  it('counts the terms of an index made before the counts, once, and keeps them from then on', async () => {
    const file = join(dir, 'before-counts.sqlite');
    const made = new SqliteLexicalIndex(file);
    await made.open('c');
    await made.upsert('c', notes);
    const expected = await scores(made);
    await made.close();
    const raw = openSqliteDatabase(file);
    raw.exec('DROP TRIGGER postings_counted; DROP TRIGGER postings_uncounted; DROP TABLE term_counts;');
    // A kioku from before the counts indexes one more document and deletes it again.
    raw.exec(
      `INSERT INTO postings (collection, term, id, tf, length, impact) VALUES (1, 'coffe', 'x', 1, 1, 1)`,
    );
    raw.exec(`DELETE FROM postings WHERE id = 'x'`);
    raw.close();

    const reopened = new SqliteLexicalIndex(file);
    expect(await scores(reopened)).toEqual(expected);
    await reopened.delete('c', ['n0']);
    const fresh = new SqliteLexicalIndex(join(dir, 'fresh-after.sqlite'));
    await fresh.open('c');
    await fresh.upsert('c', notes.slice(1));
    expect(await scores(reopened)).toEqual(await scores(fresh));
    await Promise.all([reopened.close(), fresh.close()]);
  });

  it('keeps its files readable by the owner only, and tightens an older index', async () => {
    await index.open('c');
    await index.upsert('c', [{ id: 'x', document: 'private words', metadata: {} }]);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);

    const older = join(dir, 'older.sqlite');
    writeFileSync(older, '');
    chmodSync(older, 0o644);
    const reopened = new SqliteLexicalIndex(older);
    expect(statSync(older).mode & 0o777).toBe(0o600);
    await reopened.close();
  });
});
