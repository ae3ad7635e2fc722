/**
 * Errors of the Ollama embedding provider, and the one translation from what the `ollama` client and
 * Node's `fetch` throw into AppErrors. Messages name the server only by its display URL (never its
 * credentials) and never repeat the embedded texts.
 */
import { EmbeddingUnavailableError } from '@kioku/embeddings';
import { AppError, isAppError } from '@kioku/kernel';

export const OLLAMA_PROVIDER = 'ollama';

/** The server is up but does not have the model: the fix is `ollama pull <model>` on that server. */
class OllamaModelNotFoundError extends AppError {
  constructor(model: string, displayUrl: string, options: { cause?: unknown } = {}) {
    super(
      'EMBEDDING_UNAVAILABLE',
      `The embedding provider (ollama) is unavailable: the Ollama server at ${displayUrl} does not have ` +
        `the model "${model}". Pull it on that server with \`ollama pull ${model}\`, or configure a model ` +
        'it has (`ollama list` shows them).',
      { cause: options.cause, details: { provider: OLLAMA_PROVIDER, model } },
    );
  }
}

/**
 * The model's vectors do not have the expected length: either the configured dimension is wrong, or
 * the model behind the name changed on the server since this provider started.
 */
export class OllamaDimensionMismatchError extends AppError {
  constructor(model: string, expected: number, actual: number, expectedFrom: 'configured' | 'learned') {
    const advice =
      expectedFrom === 'configured'
        ? `Set the configured dimension to ${actual}, or leave it unset to learn it from the model.`
        : 'The model was probably replaced on the server (e.g. pulled again); restart to use it, ' +
          'and re-embed namespaces that hold vectors from the old one.';
    super(
      'MODEL_MISMATCH',
      `The Ollama model "${model}" returned ${actual}-dimensional vectors, but ${expected} dimensions were ` +
        `${expectedFrom === 'configured' ? 'configured' : 'learned when the provider started'}. ${advice}`,
      { details: { provider: OLLAMA_PROVIDER, model, expectedDimension: expected, actualDimension: actual } },
    );
  }
}

/** The reason a request is aborted with when it outlives the timeout; translated like any timeout. */
export class OllamaTimeoutError extends Error {
  override readonly name = 'TimeoutError';

  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

export interface OllamaErrorContext {
  model: string;
  /** The server's URL without credentials. */
  displayUrl: string;
  /** The request timeout, for the message. */
  timeoutMs: number;
}

/** Longest piece of a server's error text quoted in a message. */
const QUOTE_LIMIT = 200;

/** Maps anything an Ollama request threw to an AppError; AppErrors pass through unchanged. */
export function translateOllamaError(error: unknown, context: OllamaErrorContext): AppError {
  if (isAppError(error)) return error;
  const { model, displayUrl, timeoutMs } = context;
  const unavailable = (reason: string) =>
    new EmbeddingUnavailableError(OLLAMA_PROVIDER, reason, { cause: error });

  if (isTimeout(error)) {
    return unavailable(`cannot reach ${displayUrl}: no answer within ${timeoutMs} ms.`);
  }
  const response = asResponseError(error);
  if (response) {
    const quoted = quote(response.message);
    if (response.status === 404 && /not found/i.test(response.message) && /model/i.test(response.message)) {
      return new OllamaModelNotFoundError(model, displayUrl, { cause: error });
    }
    if (response.status === 404) {
      return unavailable(
        `${displayUrl} has no /api/embed endpoint (HTTP 404). Is it an Ollama server, recent enough to ` +
          'support /api/embed?',
      );
    }
    if (response.status === 401 || response.status === 403) {
      return unavailable(
        `the server at ${displayUrl} refused the request (HTTP ${response.status}); check the credentials ` +
          'or the proxy in front of it.',
      );
    }
    return unavailable(`the server at ${displayUrl} answered HTTP ${response.status}: ${quoted}`);
  }
  if (nameOf(error) === 'SyntaxError') {
    return unavailable(`the server at ${displayUrl} sent a response that is not valid JSON.`);
  }
  if (isNetworkError(error)) {
    const code = networkCode(error);
    return unavailable(
      `cannot reach ${displayUrl}${code ? ` (${code})` : ''}. Is the Ollama server running?`,
    );
  }
  return unavailable(`the request to ${displayUrl} failed unexpectedly.`);
}

/*
 * Errors are recognised by name and shape, not `instanceof`: Node's fetch creates its errors (TypeError,
 * DOMException, SyntaxError from body parsing) in its own realm, which differs from a test's VM context.
 */

/** Our OllamaTimeoutError, or the DOMException (TimeoutError, AbortError) of an aborted fetch. */
function isTimeout(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'TimeoutError' || name === 'AbortError';
}

/** The client's `ResponseError` is not exported, so it is recognised by shape. */
function asResponseError(error: unknown): { status: number; message: string } | undefined {
  if (nameOf(error) !== 'ResponseError') return undefined;
  const { status_code: status, message } = error as { status_code?: unknown; message?: unknown };
  return typeof status === 'number'
    ? { status, message: typeof message === 'string' ? message : '' }
    : undefined;
}

/** Node's fetch rejects with `TypeError('fetch failed')` and the socket error as its cause. */
function isNetworkError(error: unknown): boolean {
  return nameOf(error) === 'TypeError' && (error as { message?: unknown }).message === 'fetch failed';
}

function nameOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT)}…` : flat;
}
