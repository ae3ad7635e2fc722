/**
 * `kioku reindex` as a real process: after a crash left a memory in Chroma that the lexical index
 * lacks, the default run indexes exactly that one and `--rebuild` re-indexes every memory; the
 * memory is found by its words afterwards.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createAppContainer } from '@kioku/composition';
import { parseConfig } from '@kioku/config';
import { RememberUseCase, toDocument, toMetadata, type Memory } from '@kioku/memory';
import { useChromaTestServer } from '@kioku/vector-store-chroma/testing';
import { ChromaRecordStore, ChromaVectorStore } from '@kioku/vector-store-chroma';
import { KIOKU_BIN, tempDir } from './testing/worker-test-helpers';

const run = promisify(execFile);
const server = useChromaTestServer();

describe('kioku reindex as a process', () => {
  let dataDir: string;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('indexes what a crash left out, rebuilds on request, and reports what it did', async () => {
    dataDir = tempDir('reindex');
    const env = {
      KIOKU_DATA_DIR: dataDir,
      KIOKU_VECTOR_STORE: 'chroma',
      KIOKU_CHROMA_URL: server().url,
      KIOKU_LEXICAL_INDEX_FILE: join(dataDir, 'lexical.sqlite'),
      KIOKU_LOG_LEVEL: 'warn',
    };
    const app = await createAppContainer(parseConfig(env), { appName: 'test' });
    const context = { namespace: 'default', callerId: 'test' };
    const remember = app.container.get(RememberUseCase);
    const saved = await remember.execute({ content: 'Booked the lighthouse tour', force: true }, context);
    await remember.execute({ content: 'Bought a blue kite', force: true }, context);
    await app.close();
    if (saved.status !== 'saved') throw new Error('not saved');

    // A crash after the Chroma write, before the index write: the record store has no index.
    const crashed: Memory = {
      ...saved.memory,
      id: 'mem_0123456789ab',
      content: 'Visited the otter sanctuary',
    };
    await new ChromaRecordStore({ url: server().url }).upsert('kioku_default_memories', [
      {
        id: crashed.id,
        vector: Array(768).fill(0.01),
        metadata: toMetadata(crashed),
        document: toDocument(crashed),
      },
    ]);
    const store = new ChromaVectorStore({
      url: server().url,
      lexicalIndexFile: env.KIOKU_LEXICAL_INDEX_FILE,
    });
    const byWords = async (text: string) =>
      (await store.searchText('kioku_default_memories', { text, limit: 5 })).map((m) => m.id);
    expect(await byWords('otter')).toEqual([]);

    const processEnv = { PATH: process.env.PATH ?? '', HOME: dataDir, ...env };
    const repaired = await run(process.execPath, [KIOKU_BIN, 'reindex'], { env: processEnv });
    expect(repaired.stdout).toBe(
      'Lexical index of namespace "default" repaired: 1 memories indexed, 0 stale entries removed.\n',
    );
    expect(repaired.stderr).toContain('reindex default: 3/3 memories checked');
    expect(await byWords('otter')).toEqual([crashed.id]);

    const rebuilt = await run(process.execPath, [KIOKU_BIN, 'reindex', '--rebuild'], { env: processEnv });
    expect(rebuilt.stdout).toBe(
      'Lexical index of namespace "default" rebuilt: 3 memories indexed, 0 stale entries removed.\n',
    );
    expect(await byWords('lighthouse')).toEqual([saved.memory.id]);
    await store.close();
  }, 120_000);
});
