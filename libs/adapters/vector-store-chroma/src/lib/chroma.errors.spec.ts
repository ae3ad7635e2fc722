import { AppError } from '@kioku/kernel';
import { CollectionNotFoundError, DimensionMismatchError, StoreUnavailableError } from '@kioku/vector-store';
import {
  ChromaHttpError,
  ChromaTimeoutError,
  classifyChromaError,
  chromaRetryDelayMs,
  toStoreError,
} from './chroma.errors';

function named(name: string, message = 'x'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('toStoreError', () => {
  it.each([
    ['the client connection error', named('ChromaConnectionError')],
    ['a fetch failure', Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })],
    ['a refused socket', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })],
    ['a timeout', new ChromaTimeoutError(15_000)],
    ['an abort timeout', named('TimeoutError')],
    ['a server error', new ChromaHttpError(500, 'boom')],
  ])('maps %s to StoreUnavailableError', (_, error) => {
    const translated = toStoreError(error, 'c');
    expect(translated).toBeInstanceOf(StoreUnavailableError);
    expect((translated as AppError).code).toBe('STORE_UNAVAILABLE');
  });

  it('maps not-found to CollectionNotFoundError', () => {
    expect(toStoreError(named('ChromaNotFoundError'), 'memories')).toBeInstanceOf(CollectionNotFoundError);
    expect(toStoreError(new ChromaHttpError(404, ''), 'memories')).toBeInstanceOf(CollectionNotFoundError);
  });

  it("reads the dimension out of Chroma's bad-request message", () => {
    const error = named(
      'ChromaClientError',
      'Bad request to http://user:secret@h:1/api/v2/x with status: Collection expecting embedding with dimension of 3, got 4',
    );
    const translated = toStoreError(error, 'memories');
    expect(translated).toBeInstanceOf(DimensionMismatchError);
    expect((translated as AppError).details).toEqual({ collection: 'memories', expected: 3, actual: 4 });
  });

  it('never copies the raw Chroma message (it can hold a URL)', () => {
    const raw = named(
      'ChromaClientError',
      'Bad request to http://user:secret@host:8000/api with status: nope',
    );
    const translated = toStoreError(raw, 'c') as AppError;
    expect(translated.code).toBe('INVALID_INPUT');
    expect(translated.message).not.toContain('secret');
    expect(translated.message).not.toContain('http');
  });

  it('keeps AppErrors and wraps unknown errors as INTERNAL', () => {
    const appError = AppError.invalidInput('bad');
    expect(toStoreError(appError)).toBe(appError);
    expect((toStoreError(new Error('weird')) as AppError).code).toBe('INTERNAL');
  });

  it('classifies auth failures separately', () => {
    expect(classifyChromaError(named('ChromaAuthError'))).toBe('auth');
    expect((toStoreError(named('ChromaForbiddenError')) as AppError).code).toBe('STORE_UNAVAILABLE');
  });
});

describe('chromaRetryDelayMs', () => {
  const hnsw = Object.assign(new Error('Error creating hnsw segment reader: Nothing found on disk'), {
    name: 'ChromaServerError',
  });
  const lost = Object.assign(new Error('x'), { code: 'ECONNRESET' });

  it('backs off on the transient HNSW segment reader failure for about three seconds, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => chromaRetryDelayMs(hnsw, attempt))).toEqual([
      100,
      200,
      400,
      800,
      1600,
      undefined,
    ]);
  });

  it('retries a lost connection twice, quickly', () => {
    expect([1, 2, 3].map((attempt) => chromaRetryDelayMs(lost, attempt))).toEqual([200, 200, undefined]);
  });

  it('never retries other failures', () => {
    expect(
      chromaRetryDelayMs(Object.assign(new Error('Internal error'), { name: 'ChromaServerError' }), 1),
    ).toBeUndefined();
    expect(
      chromaRetryDelayMs(Object.assign(new Error('bad'), { name: 'ChromaValueError' }), 1),
    ).toBeUndefined();
  });
});
