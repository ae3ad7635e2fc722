/**
 * Several processes write to one lexical index file at once (gateway replicas and a worker on one
 * data dir): every write lands, none fails with SQLITE_BUSY. Deferred transactions failed here — a
 * transaction that read first could not take the write lock once another process had committed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteLexicalIndex } from './sqlite-lexical-index';

const run = promisify(execFile);
const WRITERS = 4;
const WRITES = 150;

describe('SqliteLexicalIndex shared by several processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-lexical-processes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every process’s writes and refuses none', async () => {
    const file = join(dir, 'index.sqlite');
    const fixture = join(__dirname, '..', '..', 'testing', 'lexical-writer.fixture.ts');
    const outputs = await Promise.all(
      Array.from({ length: WRITERS }, (_, writer) =>
        run(process.execPath, ['--import', 'tsx', fixture, file, String(writer), String(WRITES)], {
          timeout: 120_000,
        }).then(
          ({ stdout }) => stdout.trim(),
          (error: Error & { stdout?: string }) => (error.stdout ?? error.message).trim(),
        ),
      ),
    );
    expect(outputs).toEqual(Array.from({ length: WRITERS }, () => `ok ${WRITES}`));

    const index = new SqliteLexicalIndex(file);
    // Each writer deleted one in five of its documents as it went.
    const hits = await index.search('shared', 'lanterns', WRITERS * WRITES);
    expect(hits).toHaveLength(WRITERS * (WRITES - WRITES / 5));
    await index.close();
  }, 180_000);
});
