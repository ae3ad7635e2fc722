/**
 * The environment variables every kioku app reads (behaviour §3), parsed once at the edge with zod.
 * The store and embedding settings form discriminated unions on their kind, so an adapter receives
 * exactly the settings it needs.
 */
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS } from '@kioku/kernel';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const httpUrl = z
  .string()
  .trim()
  .refine(
    (v) => /^https?:\/\/[^\s/]+/.test(v) && URL.canParse(v),
    'must be an http(s) URL, e.g. http://127.0.0.1:8000',
  );

const distance = z.coerce.number().min(0).max(2);

/** A comma-separated list whose entries (trimmed, lower case) each match `entry`; empty when unset. */
function commaList(entry: RegExp, what: string) {
  return z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((items) => items.every((item) => entry.test(item)), `must be a comma-separated list of ${what}`);
}

export const envSchema = z.object({
  KIOKU_DATA_DIR: optionalText,
  KIOKU_NAMESPACE: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9_-]{0,62}$/,
      'must be 1-63 characters of a-z, 0-9, _ or -, starting with a letter or digit',
    )
    .default('default'),
  KIOKU_VECTOR_STORE: z.enum(['sqlite', 'chroma-embedded', 'chroma', 'qdrant', 'memory']).default('sqlite'),
  KIOKU_CHROMA_URL: httpUrl.optional(),
  KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT: z.stringbool().default(false),
  KIOKU_CHROMA_START_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  KIOKU_LEXICAL_INDEX_FILE: optionalText,
  KIOKU_QDRANT_URL: httpUrl.optional(),
  KIOKU_QDRANT_API_KEY: optionalText,
  KIOKU_QDRANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  KIOKU_QDRANT_SHARDS: z.coerce.number().int().min(1).max(1024).default(1),
  KIOKU_QDRANT_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(16).default(1),
  KIOKU_QDRANT_WRITE_CONSISTENCY_FACTOR: z.coerce.number().int().min(1).max(16).default(1),
  KIOKU_QDRANT_WRITE_ORDERING: z.enum(['weak', 'medium', 'strong']).default('medium'),
  KIOKU_EMBEDDINGS: z.enum(['local', 'ollama', 'onnx']).default('local'),
  KIOKU_EMBEDDING_THREADS: z.coerce.number().int().min(0).max(16).default(2),
  KIOKU_EMBEDDING_LONG_TEXT_CHARS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  KIOKU_EMBEDDING_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(256),
  KIOKU_EMBEDDING_LONG_QUEUE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(16),
  KIOKU_EMBEDDING_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(10),
  KIOKU_ONNX_MODEL: z
    .string()
    .trim()
    .min(1)
    .refine(
      (v) => /^[a-z0-9][a-z0-9._-]*$/.test(v) || /[/\\]/.test(v) || v.startsWith('~'),
      "must be a model's name (e.g. all-minilm-l6-v2) or the path of a model folder",
    )
    .default('all-minilm-l6-v2'),
  KIOKU_ONNX_MODELS_DIR: optionalText,
  KIOKU_ONNX_HUB_URL: httpUrl.default('https://huggingface.co'),
  KIOKU_OLLAMA_URL: httpUrl.optional(),
  KIOKU_OLLAMA_MODEL: z.string().trim().min(1).default('nomic-embed-text'),
  KIOKU_OLLAMA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  KIOKU_OLLAMA_DIMENSION: z.coerce.number().int().min(1).max(65_536).optional(),
  KIOKU_WORKSPACE_DIR: optionalText,
  KIOKU_SHARED_STATE: z.enum(['store', 'memory']).default('store'),
  KIOKU_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  KIOKU_LOG_FILE: optionalText,
  KIOKU_DEDUP_DISTANCE: distance.optional(),
  KIOKU_LINK_DISTANCE: distance.optional(),
  KIOKU_MERGE_DISTANCE: distance.optional(),
  KIOKU_MAX_AUTO_LINKS: z.coerce.number().int().min(0).max(20).optional(),
  KIOKU_MAX_CONTENT_LENGTH: z.coerce.number().int().min(1).max(100_000).optional(),
  KIOKU_MAX_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).optional(),
  KIOKU_HOPFIELD: z.stringbool().optional(),
  KIOKU_RECALL_DENSE_WEIGHT: z.coerce.number().min(0).max(1).optional(),
  KIOKU_RECALL_CONTIGUITY: z.coerce.number().min(0).max(1).optional(),
  KIOKU_RECALL_COVERAGE: z.stringbool().optional(),
  KIOKU_RECALL_SPREADING: z.stringbool().optional(),
  KIOKU_RECALL_LABEL_KEY: z.coerce.number().min(0).max(10).optional(),
  KIOKU_RECALL_TIME_KEY: z.coerce.number().min(0).max(10).optional(),
  KIOKU_RECALL_CHAINS: z.coerce.number().min(0).max(1).optional(),
  KIOKU_RECALL_FEEDBACK: z.coerce.number().min(0).max(1).optional(),
  KIOKU_RECALL_DIVERSITY: z.coerce.number().min(0).max(1).optional(),
  KIOKU_TRASH_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  KIOKU_PROTECTED_CATEGORIES: z
    .string()
    .default('lesson')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  KIOKU_ALLOWED_HOSTS: commaList(/^(\*|\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i, 'host names without port, or *'),
  KIOKU_ALLOWED_ORIGINS: commaList(/^https?:\/\/[^\s/]+$/i, 'origins like https://app.example.com'),
  KIOKU_FORGET_CONFIRM_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
});

export type Env = z.infer<typeof envSchema>;

/** An absolute path from a configured one: `~` expands to the home directory, relative paths to the cwd. */
export function resolveUserPath(value: string, home = homedir()): string {
  const expanded = value === '~' || value.startsWith('~/') ? home + value.slice(1) : value;
  return isAbsolute(expanded) ? resolve(expanded) : resolve(process.cwd(), expanded);
}
