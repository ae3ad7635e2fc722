import { LOOPBACK_ORIGIN_POLICY, originViolation } from './request-origin';

describe('originViolation', () => {
  const loopback = LOOPBACK_ORIGIN_POLICY;

  it.each([
    [{ host: 'localhost:8788' }],
    [{ host: '127.0.0.1:8787' }],
    [{ host: '[::1]:8788' }],
    [{ host: 'LOCALHOST' }],
    [{ host: '127.0.0.1:8788', origin: 'http://localhost:3000' }],
    [{ host: '127.0.0.1:8788', origin: 'https://127.0.0.1' }],
  ])('lets loopback requests through: %j', (headers) => {
    expect(originViolation(headers, loopback)).toBeUndefined();
  });

  it.each([
    [{ host: 'evil.example' }, 'host'],
    [{ host: 'evil.example:8788' }, 'host'],
    [{}, 'host'],
    [{ host: 'localhost@evil.example' }, 'host'],
    [{ host: '127.0.0.1:8788', origin: 'http://evil.example' }, 'origin'],
    [{ host: '127.0.0.1:8788', origin: 'null' }, 'origin'],
    [{ host: '127.0.0.1:8788', origin: 'file:///etc' }, 'origin'],
  ])('refuses %j (%s)', (headers, what) => {
    expect(originViolation(headers, loopback)).toBe(what);
  });

  it('allows configured hosts and origins, and anything with *', () => {
    const deployed = { hosts: ['kioku.example.com'], origins: ['https://app.example.com'] };
    expect(originViolation({ host: 'kioku.example.com' }, deployed)).toBeUndefined();
    expect(
      originViolation({ host: 'kioku.example.com', origin: 'https://app.example.com' }, deployed),
    ).toBeUndefined();
    expect(
      originViolation({ host: 'kioku.example.com', origin: 'https://other.example.com' }, deployed),
    ).toBe('origin');
    expect(originViolation({ host: 'localhost' }, deployed)).toBe('host');
    expect(originViolation({ host: 'anything.example' }, { hosts: ['*'], origins: [] })).toBeUndefined();
  });
});
