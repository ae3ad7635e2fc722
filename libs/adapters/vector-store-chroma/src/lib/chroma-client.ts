/**
 * The connection to one Chroma server, shared by the collection and record code: the chromadb client
 * for reads and collection calls, `request` (timeout and retries, `chroma-retry.ts`) and `writeRecords`,
 * the raw REST call for record writes. Writes bypass the client because numbers must be stored as floats
 * and `upsert` must be able to drop metadata keys (`chroma-json.ts`).
 */
import { ChromaClient, type Collection } from 'chromadb';
import type { Logger } from '@kioku/kernel';
import { parseChromaUrl, type ChromaConnection } from './chroma-connection';
import { ChromaHttpError } from './chroma.errors';
import { recordWriteJson, type RecordWriteBody } from './chroma-json';
import { withRetries } from './chroma-retry';
import { unixSocketFetchOptions } from './unix-socket-dispatcher';

export interface ChromaClientOptions {
  /** e.g. `http://127.0.0.1:8000`; `user:password@` becomes a basic-auth header. */
  url: string;
  /** Per-request timeout in ms (default 15 000). */
  requestTimeoutMs?: number;
  /** Reach the server through this Unix socket instead of the URL's host and port (embedded server). */
  socketPath?: string;
  logger?: Logger;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

export class ChromaServerClient {
  readonly connection: ChromaConnection;
  readonly client: ChromaClient;
  private readonly timeoutMs: number;
  private readonly fetchOptions: RequestInit;
  private readonly logger?: Logger;

  constructor(options: ChromaClientOptions) {
    this.connection = parseChromaUrl(options.url);
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.logger = options.logger;
    this.fetchOptions = options.socketPath ? unixSocketFetchOptions(options.socketPath) : {};
    this.client = new ChromaClient({
      host: this.connection.host,
      port: this.connection.port,
      ssl: this.connection.ssl,
      headers: this.connection.headers,
      fetchOptions: this.fetchOptions,
    });
  }

  /** Runs one Chroma call with the request timeout; an idempotent call is retried after a transient failure. */
  request<T>(call: () => Promise<T>, idempotent: boolean): Promise<T> {
    return withRetries(call, {
      timeoutMs: this.timeoutMs,
      idempotent,
      onRetry: (attempt) =>
        this.logger?.debug('vector_store.chroma.retry', { url: this.connection.displayUrl, attempt }),
    });
  }

  /** POSTs a record write (`add`, `upsert` or `update`) to the collection's REST endpoint. */
  async writeRecords(
    collection: Collection,
    action: 'add' | 'upsert' | 'update',
    body: RecordWriteBody,
  ): Promise<void> {
    const path = [
      'api',
      'v2',
      'tenants',
      collection.tenant,
      'databases',
      collection.database,
      'collections',
      collection.id,
      action,
    ]
      .map(encodeURIComponent)
      .join('/');
    const response = await fetch(`${this.connection.baseUrl}/${path}`, {
      ...this.fetchOptions,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.connection.headers },
      body: recordWriteJson(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.ok) {
      await response.arrayBuffer();
      return;
    }
    throw new ChromaHttpError(response.status, await serverMessageOf(response));
  }
}

/** Chroma's error text from a failed answer, for classification only (never shown). */
async function serverMessageOf(response: Response): Promise<string> {
  try {
    const text = await response.text();
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
    return typeof parsed.error === 'string' ? parsed.error : '';
  } catch {
    return '';
  }
}
