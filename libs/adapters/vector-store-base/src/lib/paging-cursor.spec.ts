import { AppError } from '@kioku/kernel';
import { decodeCursor, encodeCursor, isOffset } from './paging-cursor';

const isText = (value: unknown): value is string => typeof value === 'string';

describe('paging cursor', () => {
  it('round-trips an id and an offset', () => {
    expect(decodeCursor(encodeCursor('m-42'), isText)).toBe('m-42');
    expect(decodeCursor(encodeCursor(300), isOffset)).toBe(300);
  });

  it('is opaque: base64url, no raw position in it', () => {
    const cursor = encodeCursor('m-42');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('m-42');
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['JSON of another shape', Buffer.from('{"offset":3}').toString('base64url')],
    ['a position the adapter does not page by', encodeCursor(-1)],
    ['a fractional offset', encodeCursor(1.5)],
  ])('refuses %s with INVALID_INPUT', (_, cursor) => {
    expect(() => decodeCursor(cursor, isOffset)).toThrow(AppError);
    try {
      decodeCursor(cursor, isOffset);
    } catch (error) {
      expect((error as AppError).code).toBe('INVALID_INPUT');
    }
  });
});
