/**
 * Several processes on one store file, as a gateway, a worker and MCP servers share a data dir: every
 * write of every process lands and none is refused; and a writer killed with SIGKILL in the middle of
 * its writes leaves each batch whole or absent, with the records, vectors, key entries and BM25
 * postings of the same records (one transaction per write).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openSqliteDatabase } from '../sqlite/sqlite-driver';
import { SqliteVectorStore } from './sqlite-vector-store.adapter';

const run = promisify(execFile);
const fixture = join(__dirname, '..', '..', 'testing', 'store-writer.fixture.ts');
const WRITERS = 4;
const BATCHES = 40;

/** The ids each table holds for the collection, read straight from the file. */
function tableIds(file: string): Record<string, string[]> {
  const db = openSqliteDatabase(file);
  try {
    const collection = db.prepare("SELECT id FROM store_collections WHERE name = 'shared'").pluck().get();
    const ids = (sql: string) => (db.prepare(sql).pluck().all(collection) as string[]).sort();
    return {
      records: ids('SELECT id FROM records WHERE collection = ?'),
      vectors: ids('SELECT id FROM vectors WHERE collection = ?'),
      keys: ids('SELECT id FROM record_keys WHERE collection = ?'),
      postings: (
        db
          .prepare(
            `SELECT d.id FROM documents d JOIN collections c ON c.id = d.collection WHERE c.name = 'shared'`,
          )
          .pluck()
          .all() as string[]
      ).sort(),
    };
  } finally {
    db.close();
  }
}

describe('SqliteVectorStore shared by several processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-processes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every process’s writes and refuses none', async () => {
    const file = join(dir, 'writers.sqlite');
    const outputs = await Promise.all(
      Array.from({ length: WRITERS }, (_, writer) =>
        run(process.execPath, ['--import', 'tsx', fixture, file, String(writer), String(BATCHES)], {
          timeout: 240_000,
        }).then(
          ({ stdout }) => stdout.trim(),
          (error: Error & { stdout?: string }) => (error.stdout ?? error.message).trim(),
        ),
      ),
    );
    expect(outputs).toEqual(Array.from({ length: WRITERS }, () => `ok ${BATCHES}`));

    // Ten records per batch, less the first record of every fifth batch.
    const expected = WRITERS * (BATCHES * 10 - BATCHES / 5);
    const tables = tableIds(file);
    expect(tables.records).toHaveLength(expected);
    for (const ids of [tables.vectors, tables.keys, tables.postings]) expect(ids).toEqual(tables.records);

    const store = new SqliteVectorStore(file);
    const everything = await store.query('shared', { vector: [1, 1, 1, 1, 1, 1, 1, 1], limit: expected });
    expect(everything).toHaveLength(expected);
    expect(await store.searchText('shared', { text: 'lanterns', limit: 10 })).toHaveLength(10);
    await store.close();
  }, 300_000);

  it('leaves each batch of a writer killed with SIGKILL whole or absent, in every table', async () => {
    const file = join(dir, 'killed.sqlite');
    const writer = spawn(process.execPath, ['--import', 'tsx', fixture, file, '9', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let written = 0;
    await new Promise<void>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        written += chunk
          .toString()
          .split('\n')
          .filter((line) => line.startsWith('batch')).length;
        if (written >= 30) resolve();
      });
    });
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.once('exit', resolve));

    const tables = tableIds(file);
    for (const ids of [tables.vectors, tables.keys, tables.postings]) expect(ids).toEqual(tables.records);
    const perBatch = new Map<string, number>();
    for (const id of tables.records) {
      const batch = id.split('-')[1];
      perBatch.set(batch, (perBatch.get(batch) ?? 0) + 1);
    }
    expect(perBatch.size).toBeGreaterThanOrEqual(30);
    for (const [batch, count] of perBatch) {
      // Whole: ten records, or nine once a fifth batch lost its first record to the delete after it.
      expect([10, Number(batch) % 5 === 4 ? 9 : 10]).toContain(count);
    }
    const store = new SqliteVectorStore(file);
    expect(await store.count('shared')).toBe(tables.records.length);
    await store.close();
  }, 120_000);
});
