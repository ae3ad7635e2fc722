/**
 * The parsed configuration shared by every app. `loadConfig` is the only place that reads the
 * environment (and an optional JSON config file named by KIOKU_CONFIG_FILE, whose keys are the same
 * variable names; the environment wins).
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { type LogLevel } from '@kioku/kernel';
import { LOOPBACK_HOSTS, type OriginPolicy } from '@kioku/http-guards';
import { childEnvironment, npmEnvironment } from './child-environment';
import { ConfigError } from './config.errors';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { envSchema, resolveUserPath, type Env } from './env-schema';
import type {
  ChromaEmbeddedSettings,
  ChromaServerSettings,
  LocalEmbeddingsSettings,
  OllamaSettings,
  OnnxEmbeddingsSettings,
  QdrantSettings,
  SqliteStoreSettings,
} from './adapter-settings';

export type VectorStoreConfig =
  | ({ kind: 'sqlite' } & SqliteStoreSettings)
  | ({ kind: 'chroma-embedded' } & ChromaEmbeddedSettings)
  | ({ kind: 'chroma' } & ChromaServerSettings)
  | ({ kind: 'qdrant' } & QdrantSettings)
  | { kind: 'memory' };

export type EmbeddingsConfig =
  | ({ kind: 'local' } & LocalEmbeddingsSettings)
  | ({ kind: 'onnx' } & OnnxEmbeddingsSettings)
  | ({ kind: 'ollama' } & OllamaSettings);

export interface ThresholdOverrides {
  dedupDistance?: number;
  linkDistance?: number;
  mergeDistance?: number;
  maxAutoLinks?: number;
  maxContentLength?: number;
  maxBatchSize?: number;
  hopfield?: boolean;
  denseWeight?: number;
  coverage?: boolean;
  contiguity?: number;
  spreading?: boolean;
  labelKey?: number;
  timeKey?: number;
  chains?: number;
  feedback?: number;
  diversity?: number;
}

export interface ForgettingConfig {
  trashRetentionDays: number;
  protectedCategories: string[];
  confirmationWindowMs: number;
}

export interface KiokuConfig {
  dataDir: string;
  namespace: string;
  vectorStore: VectorStoreConfig;
  embeddings: EmbeddingsConfig;
  log: { level: LogLevel; file?: string };
  /** Workspace sync (behaviour §6) is on when set: an absolute directory. */
  workspaceDir?: string;
  thresholds: ThresholdOverrides;
  forgetting: ForgettingConfig;
  /** Which Host and Origin headers the HTTP surfaces answer (loopback names unless configured). */
  originPolicy: OriginPolicy;
  /**
   * Where confirmations, delete tokens, dry-run windows and job leases live: `store` (in the vector
   * store, seen by every process and replica that uses it) or `memory` (this process only).
   */
  sharedState: 'store' | 'memory';
}

export type EnvSource = Record<string, string | undefined>;

export function loadConfig(env: EnvSource = process.env): KiokuConfig {
  return parseConfig(withConfigFile(env));
}

/** The configuration with some settings fixed whatever the environment says (a command that needs them). */
export function loadConfigWith(fixed: EnvSource, env: EnvSource = process.env): KiokuConfig {
  return loadConfig({ ...env, ...fixed });
}

export function parseConfig(env: EnvSource): KiokuConfig {
  const parsed = parseWith(envSchema, env);
  const dataDir = parsed.KIOKU_DATA_DIR ? resolveUserPath(parsed.KIOKU_DATA_DIR) : join(homedir(), '.kioku');
  return {
    dataDir,
    namespace: parsed.KIOKU_NAMESPACE,
    vectorStore: vectorStoreConfig(parsed, dataDir, env),
    embeddings: embeddingsConfig(parsed, dataDir),
    log: { level: parsed.KIOKU_LOG_LEVEL, file: parsed.KIOKU_LOG_FILE },
    workspaceDir: parsed.KIOKU_WORKSPACE_DIR ? resolveUserPath(parsed.KIOKU_WORKSPACE_DIR) : undefined,
    thresholds: {
      dedupDistance: parsed.KIOKU_DEDUP_DISTANCE,
      linkDistance: parsed.KIOKU_LINK_DISTANCE,
      mergeDistance: parsed.KIOKU_MERGE_DISTANCE,
      maxAutoLinks: parsed.KIOKU_MAX_AUTO_LINKS,
      maxContentLength: parsed.KIOKU_MAX_CONTENT_LENGTH,
      maxBatchSize: parsed.KIOKU_MAX_BATCH_SIZE,
      hopfield: parsed.KIOKU_HOPFIELD,
      denseWeight: parsed.KIOKU_RECALL_DENSE_WEIGHT,
      contiguity: parsed.KIOKU_RECALL_CONTIGUITY,
      spreading: parsed.KIOKU_RECALL_SPREADING,
      coverage: parsed.KIOKU_RECALL_COVERAGE,
      labelKey: parsed.KIOKU_RECALL_LABEL_KEY,
      timeKey: parsed.KIOKU_RECALL_TIME_KEY,
      chains: parsed.KIOKU_RECALL_CHAINS,
      feedback: parsed.KIOKU_RECALL_FEEDBACK,
      diversity: parsed.KIOKU_RECALL_DIVERSITY,
    },
    sharedState: parsed.KIOKU_SHARED_STATE,
    originPolicy: {
      hosts: parsed.KIOKU_ALLOWED_HOSTS.length > 0 ? parsed.KIOKU_ALLOWED_HOSTS : [...LOOPBACK_HOSTS],
      origins: parsed.KIOKU_ALLOWED_ORIGINS,
    },
    forgetting: {
      trashRetentionDays: parsed.KIOKU_TRASH_RETENTION_DAYS,
      protectedCategories: parsed.KIOKU_PROTECTED_CATEGORIES,
      confirmationWindowMs: parsed.KIOKU_FORGET_CONFIRM_SECONDS * 1000,
    },
  };
}

/** Parses with any zod schema and reports every problem as `VARIABLE: problem`. */
export function parseWith<S extends z.ZodType>(schema: S, env: EnvSource): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'config');
      const got = env[name];
      return got === undefined ? `${name}: ${issue.message}` : `${name}: ${issue.message} (got "${got}")`;
    }),
  );
}

function vectorStoreConfig(env: Env, dataDir: string, raw: EnvSource): VectorStoreConfig {
  switch (env.KIOKU_VECTOR_STORE) {
    case 'sqlite':
      return { kind: 'sqlite', dataDir };
    case 'chroma-embedded':
      return {
        kind: 'chroma-embedded',
        dataDir,
        serverEnvironment: childEnvironment(raw),
        npmEnvironment: npmEnvironment(raw),
        allowLoopbackPort: env.KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT,
        startTimeoutMs: env.KIOKU_CHROMA_START_TIMEOUT_MS,
      };
    case 'chroma':
      if (!env.KIOKU_CHROMA_URL) {
        throw new ConfigError([
          'KIOKU_CHROMA_URL: required when KIOKU_VECTOR_STORE=chroma (e.g. http://127.0.0.1:8000)',
        ]);
      }
      return {
        kind: 'chroma',
        url: env.KIOKU_CHROMA_URL,
        lexicalIndexFile: env.KIOKU_LEXICAL_INDEX_FILE
          ? resolveUserPath(env.KIOKU_LEXICAL_INDEX_FILE)
          : join(
              dataDir,
              'lexical',
              `${new URL(env.KIOKU_CHROMA_URL).host.replace(/[^a-z0-9.-]/gi, '_')}.sqlite`,
            ),
      };
    case 'qdrant':
      if (!env.KIOKU_QDRANT_URL) {
        throw new ConfigError([
          'KIOKU_QDRANT_URL: required when KIOKU_VECTOR_STORE=qdrant (e.g. http://127.0.0.1:6333)',
        ]);
      }
      if (env.KIOKU_QDRANT_WRITE_CONSISTENCY_FACTOR > env.KIOKU_QDRANT_REPLICATION_FACTOR) {
        throw new ConfigError([
          'KIOKU_QDRANT_WRITE_CONSISTENCY_FACTOR: must not exceed KIOKU_QDRANT_REPLICATION_FACTOR',
        ]);
      }
      return {
        kind: 'qdrant',
        url: env.KIOKU_QDRANT_URL,
        apiKey: env.KIOKU_QDRANT_API_KEY,
        requestTimeoutMs: env.KIOKU_QDRANT_TIMEOUT_MS,
        shardNumber: env.KIOKU_QDRANT_SHARDS,
        replicationFactor: env.KIOKU_QDRANT_REPLICATION_FACTOR,
        writeConsistencyFactor: env.KIOKU_QDRANT_WRITE_CONSISTENCY_FACTOR,
        writeOrdering: env.KIOKU_QDRANT_WRITE_ORDERING,
      };
    case 'memory':
      return { kind: 'memory' };
  }
}

function embeddingsConfig(env: Env, dataDir: string): EmbeddingsConfig {
  switch (env.KIOKU_EMBEDDINGS) {
    case 'local':
      return { kind: 'local', ...embeddingThreads(env) };
    case 'onnx': {
      const model = env.KIOKU_ONNX_MODEL;
      const isName = /^[a-z0-9][a-z0-9._-]*$/.test(model);
      return {
        kind: 'onnx',
        // The engine runs one session per embedding thread: at least one thread.
        ...embeddingThreads(env, 1),
        model: isName ? model : resolveUserPath(model),
        modelsDir: env.KIOKU_ONNX_MODELS_DIR
          ? resolveUserPath(env.KIOKU_ONNX_MODELS_DIR)
          : join(dataDir, 'models'),
        hubUrl: env.KIOKU_ONNX_HUB_URL,
      };
    }
    case 'ollama':
      if (!env.KIOKU_OLLAMA_URL) {
        throw new ConfigError([
          'KIOKU_OLLAMA_URL: required when KIOKU_EMBEDDINGS=ollama (e.g. http://127.0.0.1:11434)',
        ]);
      }
      return {
        kind: 'ollama',
        url: env.KIOKU_OLLAMA_URL,
        model: env.KIOKU_OLLAMA_MODEL,
        timeoutMs: env.KIOKU_OLLAMA_TIMEOUT_MS,
        dimension: env.KIOKU_OLLAMA_DIMENSION,
      };
  }
}

/** The worker threads' settings, which the local model and the ONNX engine share. */
function embeddingThreads(env: Env, minimumThreads = 0): LocalEmbeddingsSettings {
  return {
    threads: Math.max(minimumThreads, env.KIOKU_EMBEDDING_THREADS),
    longTextCharacters: env.KIOKU_EMBEDDING_LONG_TEXT_CHARS,
    maxQueuedShortTexts: env.KIOKU_EMBEDDING_QUEUE_LIMIT,
    maxQueuedLongTexts: env.KIOKU_EMBEDDING_LONG_QUEUE_LIMIT,
    lingerMs: env.KIOKU_EMBEDDING_LINGER_MS,
  };
}

function withConfigFile(env: EnvSource): EnvSource {
  const file = env.KIOKU_CONFIG_FILE?.trim();
  if (!file) return env;
  let fromFile: unknown;
  try {
    fromFile = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'not valid JSON' : 'cannot be read';
    throw new ConfigError([`KIOKU_CONFIG_FILE: ${reason} (${file})`]);
  }
  if (!fromFile || typeof fromFile !== 'object' || Array.isArray(fromFile)) {
    throw new ConfigError([`KIOKU_CONFIG_FILE: must hold a JSON object of KIOKU_* keys (${file})`]);
  }
  const values = Object.fromEntries(
    Object.entries(fromFile as Record<string, unknown>).map(([k, v]) => [k, scalarText(v)]),
  );
  return { ...values, ...env };
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
