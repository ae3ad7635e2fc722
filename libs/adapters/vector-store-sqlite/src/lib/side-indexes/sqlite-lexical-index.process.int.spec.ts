/**
 * Several processes write to one lexical index file at once (gateway replicas and a worker on one
 * data dir): every write lands, none fails with SQLITE_BUSY, and every term's document count stays
 * that of its postings, in an older file too, which they count while they start. Deferred
 * transactions failed here — a transaction that read first could not take the write lock once another
 * process had committed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openSqliteDatabase } from '../sqlite/sqlite-driver';
import { SqliteLexicalIndex } from './sqlite-lexical-index';

const run = promisify(execFile);
const WRITERS = 4;
const WRITES = 150;

/** What each writer process printed: `ok <writes>`, or its error. */
function runWriters(file: string): Promise<string[]> {
  const fixture = join(__dirname, '..', '..', 'testing', 'lexical-writer.fixture.ts');
  return Promise.all(
    Array.from({ length: WRITERS }, (_, writer) =>
      run(process.execPath, ['--import', 'tsx', fixture, file, String(writer), String(WRITES)], {
        timeout: 120_000,
      }).then(
        ({ stdout }) => stdout.trim(),
        (error: Error & { stdout?: string }) => (error.stdout ?? error.message).trim(),
      ),
    ),
  );
}

/** Terms whose kept document count differs from their postings' (or that have postings and no count). */
function miscounted(file: string): number {
  const db = openSqliteDatabase(file);
  try {
    return db
      .prepare(
        `SELECT COUNT(*) FROM (SELECT collection, term, COUNT(*) AS n FROM postings GROUP BY collection, term) p
           FULL JOIN term_counts t ON t.collection = p.collection AND t.term = p.term
           WHERE COALESCE(t.documents, -1) != COALESCE(p.n, 0)`,
      )
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

describe('SqliteLexicalIndex shared by several processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-lexical-processes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every process’s writes and refuses none', async () => {
    const file = join(dir, 'index.sqlite');
    expect(await runWriters(file)).toEqual(Array.from({ length: WRITERS }, () => `ok ${WRITES}`));
    expect(miscounted(file)).toBe(0);

    const index = new SqliteLexicalIndex(file);
    // Each writer deleted one in five of its documents as it went.
    const hits = await index.search('shared', 'lanterns', WRITERS * WRITES);
    expect(hits).toHaveLength(WRITERS * (WRITES - WRITES / 5));
    await index.close();
  }, 180_000);

  it('counts the terms of an older file once, whichever process opens it first', async () => {
    const file = join(dir, 'older.sqlite');
    const made = new SqliteLexicalIndex(file);
    await made.open('shared');
    await made.upsert('shared', [
      { id: 'before', document: 'lanterns from before the counts', metadata: {} },
    ]);
    await made.close();
    const older = openSqliteDatabase(file);
    older.exec('DROP TRIGGER postings_counted; DROP TRIGGER postings_uncounted; DROP TABLE term_counts;');
    older.close();

    expect(await runWriters(file)).toEqual(Array.from({ length: WRITERS }, () => `ok ${WRITES}`));
    expect(miscounted(file)).toBe(0);
    const index = new SqliteLexicalIndex(file);
    const hits = await index.search('shared', 'lanterns', WRITERS * WRITES + 1);
    expect(hits).toHaveLength(WRITERS * (WRITES - WRITES / 5) + 1);
    await index.close();
  }, 180_000);
});
