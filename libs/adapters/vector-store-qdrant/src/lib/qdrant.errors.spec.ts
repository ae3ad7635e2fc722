import { QdrantClientResourceExhaustedError, QdrantClientTimeoutError } from '@qdrant/js-client-rest';
import { AppError } from '@kioku/kernel';
import { CollectionNotFoundError, DimensionMismatchError, StoreUnavailableError } from '@kioku/vector-store';
import {
  classifyQdrantError,
  isTransient,
  retryAfterMs,
  serverMessageOf,
  toStoreError,
} from './qdrant.errors';

/** Shaped like the client's ApiError: status, response headers, Qdrant's JSON body. */
function apiError(status: number, error?: string): Error {
  return Object.assign(new Error('Bad Request'), {
    status,
    headers: new Headers(),
    url: 'http://admin:s3cret@qdrant.internal:6333/collections/c',
    data: error === undefined ? undefined : { status: { error }, time: 0.001 },
  });
}

function connectionRefused(): Error {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6333'), { code: 'ECONNREFUSED' });
  return new TypeError('fetch failed', { cause });
}

describe('classifyQdrantError', () => {
  const cases: [string, unknown, string][] = [
    ['a refused connection', connectionRefused(), 'connection'],
    [
      'an undici socket error',
      Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      'connection',
    ],
    ['a bare fetch failure', new TypeError('fetch failed'), 'connection'],
    ['the client timeout', new QdrantClientTimeoutError('This operation was aborted'), 'timeout'],
    ['an abort', Object.assign(new Error('aborted'), { name: 'AbortError' }), 'timeout'],
    [
      'a 429 with Retry-After',
      new QdrantClientResourceExhaustedError('Too Many Requests', '2'),
      'rate-limited',
    ],
    ['a 429 without Retry-After', apiError(429), 'rate-limited'],
    ['a missing collection', apiError(404, 'Not found: Collection `c` doesn’t exist!'), 'not-found'],
    ['a conflict', apiError(409, 'Collection `c` already exists!'), 'conflict'],
    ['an old-style conflict', apiError(400, 'Wrong input: Collection `c` already exists!'), 'conflict'],
    [
      'a dimension error',
      apiError(400, 'Wrong input: Vector dimension error: expected dim: 3, got 4'),
      'dimension',
    ],
    ['another bad request', apiError(400, 'Format error in JSON body'), 'rejected'],
    ['an unauthorised request', apiError(401, 'Invalid api-key'), 'auth'],
    ['a forbidden request', apiError(403), 'auth'],
    ['a server error', apiError(500, 'Service internal error'), 'server'],
    ['an unavailable peer', apiError(503), 'server'],
    ['a request timeout answer', apiError(408), 'server'],
    ['an AppError', AppError.invalidInput('x'), 'other'],
    ['a plain error', new Error('boom'), 'other'],
    ['a non-error', 'boom', 'other'],
    ['an object with a status but no headers', { status: 404 }, 'other'],
  ];

  it.each(cases)('%s → %s', (_, error, kind) => {
    expect(classifyQdrantError(error)).toBe(kind);
  });

  it('retries only connection, timeout, rate-limit and server failures', () => {
    expect(['connection', 'timeout', 'rate-limited', 'server'].every((k) => isTransient(k as never))).toBe(
      true,
    );
    for (const kind of ['not-found', 'conflict', 'dimension', 'rejected', 'auth', 'other'] as const) {
      expect(isTransient(kind)).toBe(false);
    }
  });
});

describe('toStoreError', () => {
  it('maps unreachable, timed-out, rate-limited and failing servers to StoreUnavailableError', () => {
    for (const error of [
      connectionRefused(),
      new QdrantClientTimeoutError('aborted'),
      new QdrantClientResourceExhaustedError('Too Many Requests', '1'),
      apiError(503),
    ]) {
      const mapped = toStoreError(error, 'c');
      expect(mapped).toBeInstanceOf(StoreUnavailableError);
      expect(mapped).toMatchObject({ code: 'STORE_UNAVAILABLE', details: { backend: 'qdrant' } });
      expect((mapped as AppError).cause).toBe(error);
    }
  });

  it('maps a 404 to CollectionNotFoundError for the collection', () => {
    const mapped = toStoreError(apiError(404, 'Not found'), 'kioku_default_memories');
    expect(mapped).toBeInstanceOf(CollectionNotFoundError);
    expect(mapped.message).toContain('kioku_default_memories');
    expect(toStoreError(apiError(404))).toBeInstanceOf(StoreUnavailableError);
  });

  it('maps a server-side dimension error to DimensionMismatchError with both sizes', () => {
    const mapped = toStoreError(
      apiError(400, 'Wrong input: Vector dimension error: expected dim: 3, got 4'),
      'c',
    );
    expect(mapped).toBeInstanceOf(DimensionMismatchError);
    expect(mapped).toMatchObject({
      code: 'INVALID_INPUT',
      details: { collection: 'c', expected: 3, actual: 4 },
    });
  });

  it('maps auth failures, rejections and the unexpected to AppErrors with stable codes', () => {
    expect(toStoreError(apiError(401, 'Invalid api-key'))).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(toStoreError(apiError(422, 'bad'))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(toStoreError(new Error('boom'))).toMatchObject({ code: 'INTERNAL' });
  });

  it('passes AppErrors through unchanged', () => {
    const error = new CollectionNotFoundError('c');
    expect(toStoreError(error, 'c')).toBe(error);
  });

  it('never copies server text, URLs or credentials into messages or details', () => {
    const secretBody = 'Wrong input: payload "admin:s3cret" api-key=hunter2';
    for (const error of [apiError(400, secretBody), apiError(401, secretBody), apiError(500, secretBody)]) {
      const mapped = toStoreError(error, 'c') as AppError;
      const visible = mapped.message + JSON.stringify(mapped.details);
      expect(visible).not.toMatch(/s3cret|hunter2|qdrant\.internal|admin/);
    }
  });
});

describe('retryAfterMs / serverMessageOf', () => {
  it('reads Retry-After seconds from the client’s 429 error', () => {
    expect(retryAfterMs(new QdrantClientResourceExhaustedError('Too Many Requests', '2'))).toBe(2000);
    expect(retryAfterMs(apiError(429))).toBeUndefined();
  });

  it('reads Qdrant’s error text from the body', () => {
    expect(serverMessageOf(apiError(400, 'Format error'))).toBe('Format error');
    expect(serverMessageOf(Object.assign(new Error(), { data: 'plain text' }))).toBe('plain text');
    expect(serverMessageOf(new Error('x'))).toBe('');
  });
});
