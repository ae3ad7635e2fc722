/**
 * One retrieval benchmark run: the app container built exactly as the apps build it, in a temporary
 * data directory; every turn remembered through `RememberUseCase` into a fresh namespace per
 * conversation (in order, as one caller, so conversation threads form as they do for an agent);
 * every scored question recalled through `RecallUseCase` with each ranking variant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { EnvSource } from '@kioku/config';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import {
  MEMORY_TOKENS,
  MemoryRanker,
  RecallUseCase,
  RememberUseCase,
  type MemorySettings,
} from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { ENGINE_SETTINGS, RECALL_SETTINGS, startBenchApp } from '../bench-app';
import { summarize, type LatencySummary } from '../lib/percentiles';
import { EmbeddingCache } from './embedding-cache';
import { loadConversations, scoredQuestions, turnText, type Conversation } from './locomo-dataset';
import { meansByCategory, scoreQuestion, type MetricMeans, type QuestionScore } from './retrieval-metrics';
import type { RetrievalOptions } from './retrieval-options';
import { ablationsFor, KIOKU_RANKING, type RankingVariant } from './retrieval-variants';

/** Recall settings passed through from the caller's environment, so a configured run is measured. */
const PASSED_THROUGH = [
  'KIOKU_LOG_FILE',
  ...RECALL_SETTINGS,
  // A configured ONNX or Ollama model is measured as users would run it (docs/retrieval.md).
  ...ENGINE_SETTINGS,
];

interface VariantResult {
  name: string;
  all: MetricMeans;
  byCategory: Record<number, MetricMeans>;
  recallLatency: LatencySummary;
}

export interface RetrievalReport {
  dataset: string;
  store: string;
  embeddingModel: string;
  /** Texts whose vectors came from `--embedding-cache` (ingest rate and latencies then leave the embedder out). */
  cachedEmbeddings: number;
  conversations: number;
  turns: number;
  questions: number;
  ingest: { seconds: number; perSecond: number; latency: LatencySummary };
  variants: VariantResult[];
}

export async function runRetrievalBench(
  options: RetrievalOptions,
  env: EnvSource,
  progress: (line: string) => void,
): Promise<RetrievalReport> {
  const conversations = loadConversations(options.dataset);
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-bench-retrieval-'));
  try {
    const cache = options.embeddingCache ? new EmbeddingCache(options.embeddingCache) : undefined;
    const app = await startBenchApp(
      'bench-retrieval',
      options.store,
      dataDir,
      env,
      PASSED_THROUGH,
      progress,
      { wrapEmbeddings: cache && ((provider) => cache.wrap(provider)) },
    );
    try {
      const { container } = app;
      const ingest = await ingestAll(container.get(RememberUseCase), conversations, progress);
      const configured = container.get(MEMORY_TOKENS.Settings);
      const variants = options.quick ? [KIOKU_RANKING] : [KIOKU_RANKING, ...ablationsFor(configured)];
      const results: VariantResult[] = [];
      for (const variant of variants) {
        progress(`recalling with ${variant.name}`);
        results.push(
          await measureVariant(
            recallFor(container, variant),
            conversations,
            ingest.turnIds,
            options,
            variant,
          ),
        );
      }
      cache?.save();
      return {
        dataset: options.dataset,
        store: options.store,
        embeddingModel: container.get(EMBEDDINGS_TOKENS.EmbeddingProvider).modelId,
        cachedEmbeddings: cache?.hits ?? 0,
        conversations: conversations.length,
        turns: ingest.latencies.length,
        questions: conversations.reduce((sum, c) => sum + scoredQuestions(c).length, 0),
        ingest: {
          seconds: ingest.seconds,
          perSecond: ingest.latencies.length / ingest.seconds,
          latency: summarize(ingest.latencies),
        },
        variants: results,
      };
    } finally {
      await app.close();
    }
  } finally {
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

function contextOf(conversation: Conversation, index: number): CallContext {
  const slug = conversation.conv
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40);
  return { namespace: `retrieval-${index}-${slug}`, callerId: 'bench-retrieval' };
}

async function ingestAll(
  remember: RememberUseCase,
  conversations: Conversation[],
  progress: (line: string) => void,
): Promise<{ turnIds: Map<string, string>[]; latencies: number[]; seconds: number }> {
  const started = performance.now();
  const latencies: number[] = [];
  const turnIds = conversations.map(() => new Map<string, string>());
  for (const [index, conversation] of conversations.entries()) {
    const context = contextOf(conversation, index);
    for (const turn of conversation.turns) {
      const before = performance.now();
      const result = await remember.execute({ content: turnText(turn), force: true }, context);
      latencies.push(performance.now() - before);
      if (result.status !== 'saved') throw new Error(`turn ${turn.id} was not saved`);
      turnIds[index].set(result.memory.id, turn.id);
      progress(`remembering: ${latencies.length} turns`);
    }
  }
  return { turnIds, latencies, seconds: (performance.now() - started) / 1000 };
}

/** kioku's own recall, or one built in a child container with the variant's settings. */
function recallFor(container: Container, variant: RankingVariant): RecallUseCase {
  if (Object.keys(variant.overrides).length === 0) return container.get(RecallUseCase);
  const child = new Container({ parent: container });
  const settings: MemorySettings = { ...container.get(MEMORY_TOKENS.Settings), ...variant.overrides };
  child.bind(MEMORY_TOKENS.Settings).toConstantValue(settings);
  child.bind(MemoryRanker).toSelf().inSingletonScope();
  child.bind(RecallUseCase).toSelf().inSingletonScope();
  return child.get(RecallUseCase);
}

async function measureVariant(
  recall: RecallUseCase,
  conversations: Conversation[],
  turnIds: Map<string, string>[],
  options: RetrievalOptions,
  variant: RankingVariant,
): Promise<VariantResult> {
  const scores: QuestionScore[] = [];
  const latencies: number[] = [];
  for (const [index, conversation] of conversations.entries()) {
    const context = contextOf(conversation, index);
    for (const question of scoredQuestions(conversation)) {
      const before = performance.now();
      const { results } = await recall.execute({ query: question.q, limit: options.nResults }, context);
      latencies.push(performance.now() - before);
      const ranked = results.map((r) => turnIds[index].get(r.memory.id) ?? r.memory.id);
      scores.push(scoreQuestion(question.cat, ranked, question.evidence));
    }
  }
  const { all, byCategory } = meansByCategory(scores);
  return {
    name: variant.name,
    all,
    byCategory: Object.fromEntries(byCategory),
    recallLatency: summarize(latencies),
  };
}
