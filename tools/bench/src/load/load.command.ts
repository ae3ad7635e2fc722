/**
 * `kioku bench load`: measures the embedder alone (unless `--embed-rate`), then for each transport
 * starts a gateway of its own (unless `--url`), runs the load over it (a closed loop, one open loop at
 * `--rate`, or the open loops of `--find-rate`) and stops it; prints the report (and JSON on request).
 * Exit code 0 when the run completes, missed targets included (they are reported).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { chunked } from '@kioku/kernel';
import { ENGINE_SETTINGS, startBenchApp } from '../bench-app';
import { SeededRandom } from '../lib/seeded-random';
import { SentenceGenerator } from '../lib/sentence-generator';
import { startLoadGateway, type StartedGateway } from './load-gateway';
import { LOAD_USAGE, parseLoadArgs } from './load-options';
import { formatLoadReport, type LoadReport } from './load-report';
import { runLoops } from './load-loops';
import { runOpenLoop } from './load-open-loop';
import { runTransport, type LoadPlan } from './load-run';

const SEED = 24;
const JAPANESE_SHARE = 0.1;
const EMBED_TEXTS = 320;
const EMBED_BATCH = 64;
/**
 * Rounds of EMBED_TEXTS, the fastest counting: the threads after the first load while the first round
 * runs (ThreadedEmbeddingProvider.init), so one round alone measured anything from one thread's rate
 * to both threads' (46–87 texts/s on one machine).
 */
const EMBED_ROUNDS = 3;

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
  const stop = async () => {
    await started?.stop();
    started = undefined;
  };
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    const report: LoadReport = {
      startedAt: new Date().toISOString(),
      node: process.version,
      gateway:
        options.url ??
        `${options.bin ?? 'kioku'} http on the embedded default (started for each transport, temporary data dir)`,
      keys: options.url ? options.keys.length : namespaces.length * options.keysPerNamespace,
      namespaces: options.url ? new Set(options.keys.map((k) => k.namespace)).size : namespaces.length,
      rememberShare: options.rememberShare,
      embedPerSecond,
      loadAverage: loadavg(),
      runs: [],
    };
    for (const transport of options.transports) {
      // A gateway of its own for each transport: on a shared one the second transport's recalls would
      // search what the first one saved, and cost more for it.
      started = options.url
        ? undefined
        : await startLoadGateway(namespaces, options.keysPerNamespace, progress, options.bin);
      const plan: LoadPlan = {
        transport,
        url: options.url ?? started!.url,
        keys: options.url ? options.keys : started!.keys,
        clients: options.clients,
        requests: options.requests,
        rememberShare: options.rememberShare,
        sentences,
        gatewayPid: started?.pid,
        progress,
      };
      await runLoops(
        {
          transport,
          openLoop: (ratePerSecond, seconds = options.durationSeconds) =>
            runOpenLoop({ ...plan, ratePerSecond, seconds }),
          closedLoop: () => runTransport(plan),
          progress,
        },
        options,
        report,
      );
      await stop();
    }
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    process.stdout.write(`${formatLoadReport(report)}\n`);
    if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    process.off('SIGINT', interrupted);
    await stop();
  }
}

/**
 * Texts/s of the configured embedder alone, in batches of 64 unseen texts (as `kioku bench`'s
 * embed batch /s): the fastest of EMBED_ROUNDS rounds, once every thread has loaded.
 */
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
      // The gateway's engine and threads: the rate is the physical limit of what the gateway runs.
      [...ENGINE_SETTINGS, 'KIOKU_EMBEDDING_THREADS'],
      progress,
    );
    try {
      const embeddings = app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
      const texts = () => Array.from({ length: EMBED_TEXTS }, () => sentences.memory().text);
      await embeddings.embed(texts().slice(0, EMBED_BATCH));
      progress('measuring the embedder alone');
      let fastest = 0;
      for (let round = 0; round < EMBED_ROUNDS; round++) {
        const batches = chunked(texts(), EMBED_BATCH);
        const started = performance.now();
        for (const batch of batches) await embeddings.embed(batch);
        fastest = Math.max(fastest, EMBED_TEXTS / ((performance.now() - started) / 1000));
      }
      return fastest;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
