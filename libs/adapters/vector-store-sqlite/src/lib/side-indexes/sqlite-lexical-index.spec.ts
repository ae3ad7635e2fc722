/**
 * What only the SQLite index does (the lexical contract suite covers the rest through the store):
 * a term found in more documents than one read takes is read in impact order and cut, which keeps
 * the best documents for it and every document a rarer query term finds. Its files are the owner's only.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteLexicalIndex } from './sqlite-lexical-index';

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
