/**
 * The ONNX engine end to end, as users switch to it: memories saved with the bundled model; starting
 * with `KIOKU_EMBEDDINGS=onnx` (a model folder: a random-weight BERT the test writes) is refused with
 * both models named until `kioku reembed` has run; afterwards every memory is recalled through the
 * ONNX engine. And `kioku models pull` against a local server standing in for the hub: a file whose
 * bytes are not the manifest's is refused and nothing is kept; a named model whose hub cannot be
 * reached fails the start with the address, without hiding the tools.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ONNX_MODELS } from '@kioku/embeddings-onnx';
import { hubPaths, startStandInHub, testModel, writeModelFolder } from '@kioku/embeddings-onnx/testing';
import { callTool } from './testing/call-tool';
import { callDuringFailedStart } from './testing/call-during-failed-start';
import { runKioku } from './testing/run-kioku';
import { startStdioKioku } from './testing/stdio-client';

const NOTES = [
  'The user adopted a grey cat named Mochi.',
  'Booked the dentist for Friday at three.',
  'We hiked up Mount Takao in the rain.',
];

describe('the ONNX engine from the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-onnx-e2e-'));
  const model = testModel();
  const folder = writeModelFolder(join(dir, 'tiny-model'), model);
  const base = { HOME: dir, KIOKU_LOG_LEVEL: 'warn' };

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused over a namespace of the bundled model until reembed, then recalls every memory', async () => {
    const dataDir = join(dir, 'data');
    const local = { ...base, KIOKU_DATA_DIR: dataDir, KIOKU_LOG_FILE: join(dataDir, 'kioku.log') };
    const onnx = { ...local, KIOKU_EMBEDDINGS: 'onnx', KIOKU_ONNX_MODEL: folder };
    const before = await startStdioKioku(local, dataDir);
    const ids: string[] = [];
    for (const content of NOTES)
      ids.push((await callTool(before.client, 'remember', { content })).data.memory.id);
    await before.client.close();

    const refused = await callDuringFailedStart(onnx);
    expect(refused.call.text).toMatch(
      /^MODEL_MISMATCH: .*"local:use-lite-512\+chargram-256@1".*"onnx:tiny-random-bert@[0-9a-f]{12}" \(dimension 32\).*reembed/,
    );

    const reembed = await runKioku(['reembed'], onnx);
    expect(reembed.stdout).toMatch(/to onnx:tiny-random-bert@[0-9a-f]{12}: 3 memories, 0 trash entries\.\n$/);
    expect(reembed.code).toBe(0);

    const after = await startStdioKioku(onnx, dataDir);
    try {
      for (const [index, content] of NOTES.entries()) {
        const found = await callTool(after.client, 'recall', { query: content, n_results: 1 });
        expect(found.data.results[0].id).toBe(ids[index]);
      }
    } finally {
      await after.client.close();
    }
  }, 240_000);

  it('refuses files whose checksum differs from the manifest, keeping none', async () => {
    const [known] = ONNX_MODELS;
    const hub = await startStandInHub(hubPaths(known, model.bytes));
    const modelsDir = join(dir, 'models');
    try {
      const pull = await runKioku(['models', 'pull', known.name], {
        ...base,
        KIOKU_ONNX_MODELS_DIR: modelsDir,
        KIOKU_ONNX_HUB_URL: hub.url,
      });
      expect(pull.code).toBe(1);
      expect(pull.stderr).toContain(
        `kioku models: fetching ${hub.url}/${known.repository}/resolve/${known.revision}/`,
      );
      expect(pull.stderr).toMatch(
        /EMBEDDING_UNAVAILABLE: .*does not match its checksum .*refused, nothing was kept/,
      );
      expect(readdirSync(join(modelsDir, known.name))).toEqual([]);
    } finally {
      await hub.close();
    }
  }, 60_000);

  it('answers the handshake and names the address when a named model cannot be fetched', async () => {
    const started = await callDuringFailedStart({
      ...base,
      KIOKU_DATA_DIR: join(dir, 'unreachable'),
      KIOKU_EMBEDDINGS: 'onnx',
      KIOKU_ONNX_HUB_URL: 'http://127.0.0.1:9',
    });
    expect(started.toolCount).toBe(12);
    expect(started.call.text).toMatch(
      /^EMBEDDING_UNAVAILABLE: .*http:\/\/127\.0\.0\.1:9\/Xenova\/all-MiniLM-L6-v2\/resolve\/[0-9a-f]{40}\/onnx\/model_quantized\.onnx cannot be fetched/,
    );
  }, 60_000);
});
