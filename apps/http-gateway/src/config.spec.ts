/** The gateway's variables: defaults, parsing, and anonymous access refused off loopback. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isLoopbackHost } from '@kioku/http-guards';
import { parseGatewayConfig } from './config';

describe('gateway configuration', () => {
  it('defaults to 127.0.0.1:8787, no anonymous access, 600 requests a minute, 256 KB bodies, headers within 10 s', () => {
    const config = parseGatewayConfig({});
    expect(config.http).toEqual({
      port: 8787,
      host: '127.0.0.1',
      allowAnonymous: false,
      ratePerMinute: 600,
      rateBurst: 60,
      bodyLimitBytes: 262_144,
      mcpMaxSessions: 256,
      mcpSessionIdleMs: 1_800_000,
      shutdownTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      maxInFlightPerKey: 16,
      headersTimeoutMs: 10_000,
      maxPendingConnectionsPerAddress: 128,
      keysFile: join(homedir(), '.kioku', 'api-keys.json'),
    });
    expect(config.vectorStore.kind).toBe('sqlite');
  });

  it('reads every variable, and --port', () => {
    const config = parseGatewayConfig(
      {
        KIOKU_DATA_DIR: '/srv/kioku',
        KIOKU_HTTP_PORT: '9000',
        KIOKU_HTTP_HOST: '::1',
        KIOKU_HTTP_ALLOW_ANONYMOUS: 'true',
        KIOKU_HTTP_RATE_PER_MINUTE: '120',
        KIOKU_HTTP_RATE_BURST: '7',
        KIOKU_HTTP_BODY_LIMIT_BYTES: '65536',
        KIOKU_HTTP_MCP_MAX_SESSIONS: '10',
        KIOKU_HTTP_MCP_SESSION_IDLE_SECONDS: '60',
        KIOKU_HTTP_SHUTDOWN_TIMEOUT_SECONDS: '3',
        KIOKU_HTTP_REQUEST_TIMEOUT_SECONDS: '5',
        KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: '2',
        KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS: '4',
        KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS: '0',
        KIOKU_HTTP_MAX_CONNECTIONS: '500',
        KIOKU_API_KEYS_FILE: '/etc/kioku/keys/api-keys.json',
      },
      ['--port', '9100'],
    );
    expect(config.http).toEqual({
      port: 9100,
      host: '::1',
      allowAnonymous: true,
      ratePerMinute: 120,
      rateBurst: 7,
      bodyLimitBytes: 65_536,
      mcpMaxSessions: 10,
      mcpSessionIdleMs: 60_000,
      shutdownTimeoutMs: 3000,
      requestTimeoutMs: 5000,
      maxInFlightPerKey: 2,
      headersTimeoutMs: 4000,
      maxPendingConnectionsPerAddress: 0,
      maxConnections: 500,
      keysFile: '/etc/kioku/keys/api-keys.json',
    });
  });

  it.each([
    [{ KIOKU_HTTP_PORT: 'http' }, /KIOKU_HTTP_PORT/],
    [{ KIOKU_HTTP_PORT: '70000' }, /KIOKU_HTTP_PORT/],
    [{ KIOKU_HTTP_ALLOW_ANONYMOUS: 'maybe' }, /KIOKU_HTTP_ALLOW_ANONYMOUS/],
    [{ KIOKU_HTTP_RATE_PER_MINUTE: '0' }, /KIOKU_HTTP_RATE_PER_MINUTE/],
    [{ KIOKU_HTTP_BODY_LIMIT_BYTES: '10' }, /KIOKU_HTTP_BODY_LIMIT_BYTES/],
    [{ KIOKU_HTTP_REQUEST_TIMEOUT_SECONDS: '0' }, /KIOKU_HTTP_REQUEST_TIMEOUT_SECONDS/],
    [{ KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: 'many' }, /KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY/],
    [{ KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS: '0' }, /KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS/],
    [{ KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS: '61' }, /KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS/],
    [
      { KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS: '-1' },
      /KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS/,
    ],
    [{ KIOKU_HTTP_MAX_CONNECTIONS: 'all' }, /KIOKU_HTTP_MAX_CONNECTIONS/],
    [{ KIOKU_API_KEYS_FILE: 'keys.json' }, /KIOKU_API_KEYS_FILE/],
    [
      { KIOKU_HTTP_ALLOW_ANONYMOUS: 'true', KIOKU_HTTP_HOST: '0.0.0.0' },
      /KIOKU_HTTP_ALLOW_ANONYMOUS: anonymous access is only allowed when KIOKU_HTTP_HOST is a loopback address \(got "0.0.0.0"\)/,
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => parseGatewayConfig(env)).toThrow(message);
  });

  it('keeps "false" false (z.stringbool, not a coercion)', () => {
    expect(parseGatewayConfig({ KIOKU_HTTP_ALLOW_ANONYMOUS: 'false' }).http.allowAnonymous).toBe(false);
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['192.168.1.2', false],
    ['::', false],
    ['localhost.evil.example', false],
  ])('isLoopbackHost(%s) is %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
