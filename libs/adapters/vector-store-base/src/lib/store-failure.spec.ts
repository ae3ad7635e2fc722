import { AppError } from '@kioku/kernel';
import { toPortError, type StoreBackend } from './store-failure';
import { CollectionNotFoundError, DimensionMismatchError, StoreUnavailableError } from '@kioku/vector-store';

const backend: StoreBackend = { name: 'acme', credentials: 'its token' };
const raw = new Error('POST http://admin:secret@acme.internal/x failed');

describe('toPortError', () => {
  it('maps an unavailable backend to StoreUnavailableError, keeping the cause', () => {
    const error = toPortError(backend, raw, { kind: 'unavailable' }, 'c');
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error.cause).toBe(raw);
    expect((error as AppError).details).toEqual({ backend: 'acme' });
  });

  it('maps not-found to CollectionNotFoundError when a collection is named, else to unavailable', () => {
    expect(toPortError(backend, raw, { kind: 'not-found' }, 'memories')).toBeInstanceOf(
      CollectionNotFoundError,
    );
    expect(toPortError(backend, raw, { kind: 'not-found' })).toBeInstanceOf(StoreUnavailableError);
  });

  it('reports both dimensions of a mismatch', () => {
    const error = toPortError(backend, raw, { kind: 'dimension', expected: 3, actual: 4 }, 'memories');
    expect(error).toBeInstanceOf(DimensionMismatchError);
    expect((error as AppError).details).toEqual({ collection: 'memories', expected: 3, actual: 4 });
  });

  it.each([
    ['auth', 'STORE_UNAVAILABLE', /refused the request: check its token/],
    ['rejected', 'INVALID_INPUT', /rejected the request as invalid/],
    ['other', 'INTERNAL', /Unexpected error from the vector store \(acme\)/],
  ] as const)('maps %s to %s without the raw message', (kind, code, message) => {
    const error = toPortError(backend, raw, { kind }) as AppError;
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('secret');
    expect(error.details).toEqual({ backend: 'acme' });
  });

  it('passes an AppError through unchanged', () => {
    const appError = AppError.invalidInput('bad');
    expect(toPortError(backend, appError, { kind: 'other' })).toBe(appError);
  });
});
