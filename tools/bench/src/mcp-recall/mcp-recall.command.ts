/**
 * `kioku bench mcp-recall`: recall over MCP against the recall use case, in one run on the same data,
 * saved as users save theirs. One `kioku http` (embedded default, temporary data dir) serves the MCP
 * sessions; the bench's own container joins the same embedded store through the data dir and runs
 * `RecallUseCase` with its store calls timed. Each size is a fresh namespace filled over MCP: batches
 * of 64 through `remember_batch`, two in flight as a bulk loader sends them, and one batch in twenty
 * as single `remember`s, all from one session (one conversation thread), so the memories carry the
 * links and the thread that real ones do; ten of them hold a rare number.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chunked } from '@kioku/kernel';
import { RecallUseCase } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { startBenchApp } from '../bench-app';
import { inFlight } from '../lib/in-flight';
import { mergeTotals, OperationProfiler, type OperationTotal } from '../lib/operation-profiler';
import { profileStore } from '../lib/profiled-store';
import { SeededRandom } from '../lib/seeded-random';
import { SentenceGenerator } from '../lib/sentence-generator';
import { McpLoadClient } from '../load/load-clients';
import { startLoadGateway } from '../load/load-gateway';
import { MCP_RECALL_USAGE, parseMcpRecallArgs } from './mcp-recall-options';
import {
  formatMcpRecallReport,
  QUERY_KINDS,
  type McpRecallReport,
  type QueryKind,
  type SizeSamples,
} from './mcp-recall-report';

const SEED = 4;
const BATCH = 64;
const SINGLES_EVERY = 20;
const RARE_NUMBERS = 10;
const WARM_UP = 3;
const N_RESULTS = 5;
const SYLLABLES = ['vor', 'plex', 'quan', 'di', 'mar', 'zel', 'tu', 'brin', 'osk', 'ly', 'fen', 'dra'];

export async function runMcpRecallCommand(
  argv: readonly string[],
  progress: (line: string) => void,
): Promise<void> {
  const options = parseMcpRecallArgs(argv);
  if (options.help) {
    process.stdout.write(MCP_RECALL_USAGE);
    return;
  }
  const random = new SeededRandom(SEED);
  const sentences = new SentenceGenerator(random, 0.1);
  const namespaceOf = (size: number) => `recall-${size}`;
  const gateway = await startLoadGateway(options.sizes.map(namespaceOf), 1, progress);
  try {
    const app = await startBenchApp('bench', 'chroma-embedded', gateway.dataDir, process.env, [], progress);
    try {
      const recall = app.container.get(RecallUseCase);
      const profiler = new OperationProfiler();
      profileStore(profiler, app.container.get(VECTOR_STORE_TOKENS.VectorStore));
      const report: McpRecallReport = {
        startedAt: new Date().toISOString(),
        node: process.version,
        loadAverage: loadavg(),
        sizes: [],
      };
      for (const size of options.sizes) {
        const key = gateway.keys.find((k) => k.namespace === namespaceOf(size))!;
        const client = await McpLoadClient.open(gateway.url, key.token);
        try {
          const seeded = await seed(client, size, sentences, random, progress);
          const context: CallContext = { namespace: key.namespace, callerId: 'bench-mcp-recall' };
          const samples = await measure(
            client,
            recall,
            context,
            profiler,
            seeded.numbers,
            options.queries,
            sentences,
            random,
            progress,
            size,
          );
          report.sizes.push({ size, saved: seeded.saved, seedSeconds: seeded.seconds, ...samples });
        } finally {
          await client.close();
        }
      }
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      process.stdout.write(`${formatMcpRecallReport(report)}\n`);
      if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    await gateway.stop();
  }
}

/** Fills the namespace over MCP as users do; returns what was saved and the planted rare numbers. */
async function seed(
  client: McpLoadClient,
  size: number,
  sentences: SentenceGenerator,
  random: SeededRandom,
  progress: (line: string) => void,
): Promise<{ saved: number; seconds: number; numbers: number[] }> {
  const numbers = Array.from({ length: RARE_NUMBERS }, () => random.int(100_000, 999_999));
  const texts = Array.from({ length: size }, () => sentences.memory().text);
  numbers.forEach((n, i) => {
    texts[Math.floor(((i + 0.5) * size) / RARE_NUMBERS)] =
      `The spare key for the storage unit is in box ${n}.`;
  });
  const units = chunked(texts, BATCH);
  let saved = 0;
  let done = 0;
  const started = performance.now();
  await inFlight(units, 2, async (unit) => {
    const index = units.indexOf(unit);
    if (index % SINGLES_EVERY === SINGLES_EVERY - 1) {
      for (const content of unit) {
        const outcome = await client.remember(content);
        if (outcome.kind === 'error') throw new Error(outcome.reason);
        if (outcome.kind === 'saved') saved += 1;
      }
    } else {
      const outcome = await client.rememberBatch(unit);
      if ('reason' in outcome) throw new Error(outcome.reason);
      saved += outcome.saved;
    }
    done += unit.length;
    progress(`seeding recall-${size} over MCP: ${done}/${size}`);
  });
  return { saved, seconds: (performance.now() - started) / 1000, numbers };
}

async function measure(
  client: McpLoadClient,
  recall: RecallUseCase,
  context: CallContext,
  profiler: OperationProfiler,
  numbers: number[],
  queries: number,
  sentences: SentenceGenerator,
  random: SeededRandom,
  progress: (line: string) => void,
  size: number,
): Promise<Pick<SizeSamples, 'mcp' | 'useCase' | 'profile'>> {
  const empty = () => ({ topic: [], 'rare number': [], 'no match': [] }) as Record<QueryKind, number[]>;
  const mcp = empty();
  const useCase = empty();
  const profile: OperationTotal[] = [];
  const nonsense = () =>
    Array.from({ length: 2 }, () => Array.from({ length: 3 }, () => random.pick(SYLLABLES)).join('')).join(
      ' ',
    );
  const queryOf: Record<QueryKind, (i: number) => string> = {
    topic: () => sentences.query(),
    // Each number in several wordings, so no query is answered from a query-vector cache.
    'rare number': (i) =>
      ['', 'box ', 'the key in box ', 'storage box '][Math.floor(i / numbers.length) % 4] +
      numbers[i % numbers.length],
    'no match': nonsense,
  };
  const overMcp = async (query: string) => {
    const started = performance.now();
    const outcome = await client.recall(query);
    if (outcome.kind === 'error') throw new Error(outcome.reason);
    return performance.now() - started;
  };
  const inProcess = async (query: string, measured: boolean) => {
    if (measured) profiler.start();
    const started = performance.now();
    await recall.execute({ query, limit: N_RESULTS }, context);
    const ms = performance.now() - started;
    if (measured) mergeTotals(profile, profiler.stop());
    return ms;
  };
  for (let i = 0; i < WARM_UP + queries; i++) {
    const measured = i >= WARM_UP;
    for (const kind of QUERY_KINDS) {
      const query = queryOf[kind](i);
      // Alternate which path goes first, so neither always meets a store warmed by the other.
      const [viaMcp, viaUseCase] =
        i % 2 === 0
          ? [await overMcp(query), await inProcess(query, measured)]
          : [await inProcess(query, measured), await overMcp(query)].reverse();
      if (!measured) continue;
      mcp[kind].push(viaMcp);
      useCase[kind].push(viaUseCase);
    }
    if (measured && (i - WARM_UP) % 10 === 0)
      progress(`recalling in recall-${size}: ${i - WARM_UP}/${queries}`);
  }
  return { mcp, useCase, profile };
}
