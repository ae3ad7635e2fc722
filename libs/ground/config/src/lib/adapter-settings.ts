/**
 * The settings of each backend as the configuration parses them: the one declaration of every adapter
 * option that comes from the environment. Each adapter derives its options type from these, and the
 * composition lib hands the parsed settings to the adapter's module unchanged (no field-by-field copy).
 */
import type { Env } from './env-schema';

/** `KIOKU_VECTOR_STORE=sqlite` (the default): the store inside the process. */
export interface SqliteStoreSettings {
  /** Absolute kioku data dir (`KIOKU_DATA_DIR`); the store is the file `<dataDir>/store.sqlite`. */
  dataDir: string;
}

/** `KIOKU_VECTOR_STORE=chroma-embedded`: the server this app starts. */
export interface ChromaEmbeddedSettings {
  /** Absolute kioku data dir (`KIOKU_DATA_DIR`); the server persists to `<dataDir>/chroma`. */
  dataDir: string;
  /** What the server inherits of kioku's environment (`childEnvironment`: never a credential). */
  serverEnvironment: Record<string, string>;
  /** What npm gets when the server's build is fetched (`npmEnvironment`: the server's, and npm's settings). */
  npmEnvironment: Record<string, string>;
  /** `KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT`: a loopback TCP port where no network namespace keeps it private. */
  allowLoopbackPort: boolean;
  /** How long starting the server may take (`KIOKU_CHROMA_START_TIMEOUT_MS`). */
  startTimeoutMs: number;
}

/** `KIOKU_VECTOR_STORE=chroma`: a Chroma server at a URL. */
export interface ChromaServerSettings {
  /** `KIOKU_CHROMA_URL`, e.g. `http://127.0.0.1:8000`; `user:password@` becomes a basic-auth header. */
  url: string;
  /** The SQLite lexical index beside the server, shared by every kioku process on this machine. */
  lexicalIndexFile: string;
}

/** Qdrant's write ordering across replicas (no effect on a single node). */
export type QdrantWriteOrdering = Env['KIOKU_QDRANT_WRITE_ORDERING'];

/** `KIOKU_VECTOR_STORE=qdrant`: a Qdrant server or cluster (see docs/qdrant.md). */
export interface QdrantSettings {
  /** `KIOKU_QDRANT_URL`, e.g. `http://localhost:6333`; a path becomes the API prefix. */
  url: string;
  /** `KIOKU_QDRANT_API_KEY`, sent as the `api-key` header. */
  apiKey?: string;
  /** Per-request timeout in ms (`KIOKU_QDRANT_TIMEOUT_MS`). */
  requestTimeoutMs: number;
  /** Shards of each new collection (`KIOKU_QDRANT_SHARDS`). */
  shardNumber: number;
  /** Copies of each shard of a new collection; a cluster needs ≥ 2 to survive a node loss. */
  replicationFactor: number;
  /** Replicas that must apply a write before it is acknowledged (≤ replicationFactor). */
  writeConsistencyFactor: number;
  /** Ordering of writes across replicas. */
  writeOrdering: QdrantWriteOrdering;
}

/** `KIOKU_EMBEDDINGS=local`: the model in this process. */
export interface LocalEmbeddingsSettings {
  /** Worker threads running the model (one model each); 0 runs it on the event loop. */
  threads: number;
  /** Texts longer than this go to the long lane, which leaves one thread to short texts. */
  longTextCharacters: number;
  /** Most texts waiting in the short lane before calls are refused with BUSY. */
  maxQueuedShortTexts: number;
  /** Most texts waiting in the long lane before calls are refused with BUSY. */
  maxQueuedLongTexts: number;
  /** How long a short text waits for another to share its pass while a pass runs (0: never). */
  lingerMs: number;
}

/** `KIOKU_EMBEDDINGS=onnx`: an ONNX model in this process, in the same worker threads as the local model. */
export interface OnnxEmbeddingsSettings extends LocalEmbeddingsSettings {
  /** `KIOKU_ONNX_MODEL`: a model of the manifest by name, or the absolute path of a model folder. */
  model: string;
  /** `KIOKU_ONNX_MODELS_DIR` (default `<dataDir>/models`): one folder per named model, fetched on first use. */
  modelsDir: string;
  /** `KIOKU_ONNX_HUB_URL`: where named models' files are fetched from (the hub or a mirror of it). */
  hubUrl: string;
}

/** `KIOKU_EMBEDDINGS=ollama`: an Ollama server. */
export interface OllamaSettings {
  /** `KIOKU_OLLAMA_URL`, e.g. `http://127.0.0.1:11434`; may carry `user:password@` for a proxy. */
  url: string;
  /** An embedding model installed on the server, e.g. `nomic-embed-text`. */
  model: string;
  /** Abort one HTTP request after this many milliseconds. */
  timeoutMs: number;
  /** Expected vector length, checked at start; unset: learned from the model. */
  dimension?: number;
}
