/** The MCP server's settings: off loopback, `--http` needs a key, and a key is never repeated. */
import { loadMcpServerConfig } from './config';

const KEY = 'secret-0123456789abcdef0123456789abcdef';

function load(argv: string[], env: Record<string, string>) {
  return loadMcpServerConfig(argv, { KIOKU_DATA_DIR: '/tmp/kioku-config-spec', ...env });
}

describe('loadMcpServerConfig', () => {
  it.each(['0.0.0.0', '192.168.1.20', '::', 'kioku.example.com'])(
    'refuses --http on %s without a key',
    (host) => {
      expect(() => load(['--http'], { KIOKU_MCP_HTTP_HOST: host })).toThrow(
        /KIOKU_MCP_HTTP_KEY: required when KIOKU_MCP_HTTP_HOST is not a loopback address/,
      );
    },
  );

  it('serves off loopback with a key, and on loopback or stdio without one', () => {
    expect(load(['--http'], { KIOKU_MCP_HTTP_HOST: '0.0.0.0', KIOKU_MCP_HTTP_KEY: KEY }).http).toEqual({
      port: 8788,
      host: '0.0.0.0',
      key: KEY,
    });
    expect(load(['--http'], { KIOKU_MCP_HTTP_HOST: '127.0.0.1' }).http.key).toBeUndefined();
    expect(load(['--http'], { KIOKU_MCP_HTTP_HOST: '[::1]' }).transport).toBe('http');
    expect(load([], { KIOKU_MCP_HTTP_HOST: '0.0.0.0' }).transport).toBe('stdio');
  });

  it('refuses a short key without repeating it', () => {
    let message = '';
    try {
      load(['--http'], { KIOKU_MCP_HTTP_KEY: 'short-secret-key' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/KIOKU_MCP_HTTP_KEY: at least 32 characters/);
    expect(message).not.toContain('short-secret-key');
  });
});
