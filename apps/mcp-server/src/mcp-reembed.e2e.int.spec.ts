/**
 * Switching the embedding model (issue: model changes), end to end: memories saved with the local
 * model; starting with Ollama embeddings is refused — every call, and one stderr line, name both
 * models and the command; `kioku reembed` moves the namespace; afterwards every memory is recallable with the new
 * model and its links and episode are intact. Ollama is played by a server that speaks its
 * `/api/embed` protocol, backed by a different real vector space (the local model's English part,
 * 512 dimensions), so the re-embedding really changes model and dimension.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalEmbeddingProvider } from '@kioku/embeddings-local';
import { startOllamaProtocolServer, type OllamaProtocolServer } from '@kioku/testing-contracts';
import { callTool } from './testing/call-tool';
import { callDuringFailedStart } from './testing/call-during-failed-start';
import { runKioku } from './testing/run-kioku';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

const NOTES = [
  'The user adopted a grey cat named Mochi.',
  'Booked the dentist for Friday at three.',
  'We hiked up Mount Takao in the rain.',
  'The project deadline moved to the end of March.',
  'Grandmother taught me her miso soup recipe.',
];

describe('switching to Ollama embeddings and re-embedding', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-reembed-'));
  const local = new LocalEmbeddingProvider();
  let ollama: OllamaProtocolServer;
  const base = {
    HOME: dataDir,
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_LEVEL: 'warn',
    KIOKU_LOG_FILE: join(dataDir, 'kioku.log'),
  };
  const withOllama = () => ({ ...base, KIOKU_EMBEDDINGS: 'ollama', KIOKU_OLLAMA_URL: ollama.url });

  beforeAll(async () => {
    await local.init();
    ollama = await startOllamaProtocolServer({
      embed: async (texts) => (await local.embed(texts)).map((v) => v.slice(0, 512)),
    });
  });

  afterAll(async () => {
    await ollama?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the new model until reembed has run, then recalls every memory with it', async () => {
    const before: StdioKioku = await startStdioKioku(base, dataDir);
    const ids: string[] = [];
    for (const content of NOTES)
      ids.push((await callTool(before.client, 'remember', { content })).data.memory.id);
    await callTool(before.client, 'link_memories', {
      source_id: ids[0],
      target_id: ids[4],
      link_type: 'related',
    });
    const episode = (
      await callTool(before.client, 'create_episode', { memory_ids: ids.slice(0, 2), summary: 'Week' })
    ).data.episodeId;
    await before.client.close();

    const refused = await callDuringFailedStart(withOllama());
    const mismatch =
      /MODEL_MISMATCH: .*"local:use-lite-512\+chargram-256@1".*"ollama:nomic-embed-text" \(dimension 512\).*bin\/kioku reembed --namespace default/;
    expect(refused.toolCount).toBe(12);
    expect(refused.call.isError).toBe(true);
    expect(refused.call.text).toMatch(/^MODEL_MISMATCH: kioku could not start: /);
    expect(refused.call.text).toMatch(mismatch);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^kioku: ${mismatch.source}`)),
    ]);

    const reembed = await runKioku(['reembed'], withOllama());
    expect(reembed.stdout).toBe(
      'Re-embedded namespace "default" from local:use-lite-512+chargram-256@1 to ollama:nomic-embed-text: 5 memories, 0 trash entries.\n',
    );
    expect(reembed.code).toBe(0);

    const after = await startStdioKioku(withOllama(), dataDir);
    try {
      for (const [i, content] of NOTES.entries()) {
        const found = await callTool(after.client, 'recall', { query: content, n_results: 1 });
        expect(found.data.results[0].id).toBe(ids[i]);
      }
      const linked = await callTool(after.client, 'link_memories', {
        source_id: ids[0],
        target_id: ids[4],
        link_type: 'related',
      });
      expect(linked.text).toMatch(/^Link already exists/);
      expect((await callTool(after.client, 'get_episode', { episode_id: episode })).text).toContain(
        'Memories: 2\n',
      );
    } finally {
      await after.client.close();
    }
  }, 240_000);

  it('stops at once with one clear line for a bad configuration', async () => {
    const run = await runKioku(['mcp'], { ...withOllama(), KIOKU_OLLAMA_URL: 'not a url' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^kioku: CONFIG_INVALID: Invalid configuration: KIOKU_OLLAMA_URL: must be an http\(s\) URL/,
      ),
    ]);
  }, 60_000);

  it.each([
    [
      'a missing model',
      { KIOKU_OLLAMA_MODEL: 'mxbai-embed-large' },
      /^EMBEDDING_UNAVAILABLE: .*mxbai-embed-large.*ollama pull mxbai-embed-large/,
    ],
    ['a wrong dimension', { KIOKU_OLLAMA_DIMENSION: '768' }, /^MODEL_MISMATCH: .*(768.*512|512.*768)/],
  ])(
    'still answers the handshake, and reports %s on every call and in one stderr line',
    async (_label, env, message) => {
      const started = await callDuringFailedStart({
        ...withOllama(),
        ...env,
        KIOKU_DATA_DIR: mkdtempSync(join(tmpdir(), 'kioku-config-')),
      });
      expect(started.toolCount).toBe(12);
      expect(started.call.isError).toBe(true);
      expect(started.call.text).toMatch(message);
      expect(started.call.text).toContain(': kioku could not start: ');
      const lines = started.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0].replace(/^kioku: /, '')).toMatch(message);
    },
    60_000,
  );
});
