/**
 * `kioku bench load`: measures the embedder alone (unless `--embed-rate`), starts a gateway (unless
 * `--url`), runs the load over each transport, prints the report (and JSON on request) and stops
 * what it started. Exit code 0 when the run completes, missed targets included (they are reported).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { chunked } from '@kioku/kernel';
import { startBenchApp } from '../bench-app';
import { SeededRandom } from '../lib/seeded-random';
import { SentenceGenerator } from '../lib/sentence-generator';
import { startLoadGateway, type StartedGateway } from './load-gateway';
import { LOAD_USAGE, parseLoadArgs } from './load-options';
import { formatLoadReport, type LoadReport } from './load-report';
import { runTransport } from './load-run';

const SEED = 24;
const JAPANESE_SHARE = 0.1;
const EMBED_TEXTS = 320;
const EMBED_BATCH = 64;

export async function runLoadCommand(
  argv: readonly string[],
  progress: (line: string) => void,
): Promise<void> {
  const options = parseLoadArgs(argv);
  if (options.help) {
    process.stdout.write(LOAD_USAGE);
    return;
  }
  const sentences = new SentenceGenerator(new SeededRandom(SEED), JAPANESE_SHARE);
  const embedPerSecond = options.embedRate ?? (await measureEmbedder(sentences, progress));
  const namespaces = Array.from(
    { length: options.namespaces },
    (_, i) => `load-${String.fromCharCode(97 + i)}`,
  );
  let started: StartedGateway | undefined;
  const stop = () => started?.stop();
  const interrupted = () => void Promise.resolve(stop()).finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    started = options.url
      ? undefined
      : await startLoadGateway(namespaces, options.keysPerNamespace, progress);
    const url = options.url ?? started!.url;
    const keys = options.url ? options.keys : started!.keys;
    const report: LoadReport = {
      startedAt: new Date().toISOString(),
      node: process.version,
      gateway: options.url ?? 'kioku http on the embedded default (started, temporary data dir)',
      keys: keys.length,
      namespaces: new Set(keys.map((k) => k.namespace)).size,
      rememberShare: options.rememberShare,
      embedPerSecond,
      loadAverage: loadavg(),
      runs: [],
    };
    for (const transport of options.transports)
      report.runs.push(
        await runTransport({
          transport,
          url,
          keys,
          clients: options.clients,
          requests: options.requests,
          rememberShare: options.rememberShare,
          sentences,
          progress,
        }),
      );
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    process.stdout.write(`${formatLoadReport(report)}\n`);
    if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    process.off('SIGINT', interrupted);
    await stop();
  }
}

/** Texts/s of the configured local embedder alone, in batches of 64 unseen texts (as `kioku bench`'s embed batch /s). */
async function measureEmbedder(
  sentences: SentenceGenerator,
  progress: (line: string) => void,
): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-bench-load-embed-'));
  try {
    const app = await startBenchApp(
      'bench-load',
      'memory',
      dataDir,
      process.env,
      ['KIOKU_EMBEDDING_THREADS'],
      progress,
    );
    try {
      const embeddings = app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
      const texts = () => Array.from({ length: EMBED_TEXTS }, () => sentences.memory().text);
      await embeddings.embed(texts().slice(0, EMBED_BATCH));
      progress('measuring the embedder alone');
      const batches = chunked(texts(), EMBED_BATCH);
      const started = performance.now();
      for (const batch of batches) await embeddings.embed(batch);
      return EMBED_TEXTS / ((performance.now() - started) / 1000);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
