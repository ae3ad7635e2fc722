/**
 * A protocol stand-in for an Ollama server, for tests: a small `node:http` server on a free loopback
 * port that speaks the part of Ollama's HTTP API the embedding adapter uses (`POST /api/embed`,
 * `GET /api/tags`, `GET /api/version`, `GET /`). It is NOT Ollama and runs no Ollama model: the
 * vectors come from the `embed` function the test passes in (e.g. the real local model), and the
 * server only reproduces Ollama's request and response shapes and its "model not found" answer
 * (no Ollama server can be installed on the project's machines, behaviour §9). Run the adapter against a
 * real server by setting `KIOKU_OLLAMA_URL`.
 *
 * It records every request (method, path, headers, parsed JSON body) so tests can assert batching.
 * Differences from Ollama worth knowing: vectors are returned as the embedder makes them (Ollama
 * L2-normalises), `prompt_eval_count` counts words rather than tokens, the `truncate`, `keep_alive`,
 * `dimensions` and `options` fields are accepted and ignored, and error texts for malformed requests
 * are approximations. An error thrown by `embed` becomes HTTP 500 `{"error": message}`.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OllamaProtocolServerOptions {
  /** The backing embedder: one vector per text, same order. */
  embed: (texts: string[]) => Promise<number[][]>;
  /**
   * Models the server "has"; `/api/embed` answers 404 for any other. A name without a tag means
   * `:latest`, as in Ollama. Default `['nomic-embed-text']`.
   */
  models?: string[];
}

interface RecordedOllamaRequest {
  method: string;
  /** Path without the query string, e.g. `/api/embed`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; `undefined` for an empty or unparsable body. */
  body: unknown;
}

/** The request body of `POST /api/embed`, as Ollama documents it. */
interface OllamaEmbedRequestBody {
  model: string;
  input: string | string[];
  truncate?: boolean;
  keep_alive?: string | number;
  dimensions?: number;
  options?: Record<string, unknown>;
}

export interface OllamaProtocolServer {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  /** Every request received so far, in arrival order (mutable: tests may clear it with `length = 0`). */
  readonly requests: RecordedOllamaRequest[];
  /** The bodies of the `POST /api/embed` requests received so far. */
  embedRequests(): OllamaEmbedRequestBody[];
  /** Closes the server and every open connection (requests still waiting are cut). Safe to call twice. */
  stop(): Promise<void>;
}

export async function startOllamaProtocolServer(
  options: OllamaProtocolServerOptions,
): Promise<OllamaProtocolServer> {
  const models = (options.models ?? ['nomic-embed-text']).map(withTag);
  const requests: RecordedOllamaRequest[] = [];
  const startedAt = new Date().toISOString();

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: messageOf(error) });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const path = (request.url ?? '/').split('?')[0];
    const body = parseJson(raw);
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
    const route = `${request.method} ${path}`;
    switch (route) {
      case 'GET /':
      case 'HEAD /':
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Ollama is running');
        return;
      case 'GET /api/version':
        sendJson(response, 200, { version: '0.0.0-kioku-protocol-server' });
        return;
      case 'GET /api/tags':
        sendJson(response, 200, { models: models.map((name) => modelEntry(name, startedAt)) });
        return;
      case 'POST /api/embed':
        await embed(raw, body, response);
        return;
      default:
        // Ollama's router (gin) answers unknown routes with a plain-text 404.
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('404 page not found');
    }
  }

  async function embed(raw: string, body: unknown, response: ServerResponse): Promise<void> {
    if (raw.trim().length === 0) return sendJson(response, 400, { error: 'missing request body' });
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return sendJson(response, 400, { error: 'invalid request body' });
    }
    const { model, input } = body as Partial<OllamaEmbedRequestBody>;
    if (typeof model !== 'string' || model.trim().length === 0) {
      return sendJson(response, 400, { error: 'model is required' });
    }
    if (!models.includes(withTag(model))) {
      return sendJson(response, 404, { error: `model "${model}" not found, try pulling it first` });
    }
    let texts: string[];
    if (typeof input === 'string') texts = input.length > 0 ? [input] : [];
    else if (Array.isArray(input) && input.every((text) => typeof text === 'string')) texts = input;
    else if (input === undefined || input === null) texts = [];
    else return sendJson(response, 400, { error: 'invalid input type' });

    const started = process.hrtime.bigint();
    const embeddings = texts.length > 0 ? await options.embed(texts) : [];
    if (embeddings.length !== texts.length) {
      return sendJson(response, 500, {
        error: `embedder returned ${embeddings.length} vectors for ${texts.length} inputs`,
      });
    }
    sendJson(response, 200, {
      model,
      embeddings,
      total_duration: Number(process.hrtime.bigint() - started),
      load_duration: 0,
      prompt_eval_count: texts.reduce((count, text) => count + wordCount(text), 0),
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopped;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    embedRequests: () =>
      requests
        .filter((request) => request.method === 'POST' && request.path === '/api/embed')
        .map((request) => request.body as OllamaEmbedRequestBody),
    stop,
  };
}

/** Ollama resolves a model name without a tag to `<name>:latest`. */
function withTag(model: string): string {
  return model.includes(':') ? model : `${model}:latest`;
}

/** One entry of `GET /api/tags`, shaped like Ollama's (sizes and digests are placeholders). */
function modelEntry(name: string, modifiedAt: string): Record<string, unknown> {
  return {
    name,
    model: name,
    modified_at: modifiedAt,
    size: 0,
    digest: createHash('sha256').update(name).digest('hex'),
    details: {
      parent_model: '',
      format: 'gguf',
      family: '',
      families: null,
      parameter_size: '',
      quantization_level: '',
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw.trim().length === 0) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
