/**
 * The MCP server's own settings on top of the shared configuration. Off loopback, `--http` needs a
 * key (KIOKU_MCP_HTTP_KEY): without one it refuses to start, as the gateway refuses anonymous access.
 */
import { z } from 'zod';
import { ConfigError, loadConfig, parseWith, type EnvSource, type KiokuConfig } from '@kioku/config';
import { isLoopbackHost } from '@kioku/http-guards';

const mcpEnvSchema = z.object({
  KIOKU_MCP_HTTP_PORT: z.coerce.number().int().min(1).max(65_535).default(8788),
  KIOKU_MCP_HTTP_HOST: z.string().trim().default('127.0.0.1'),
});

/** Long enough that it cannot be guessed (e.g. `openssl rand -hex 32`). */
const MIN_KEY_LENGTH = 32;

export interface McpServerConfig extends KiokuConfig {
  transport: 'stdio' | 'http';
  /** `key`: the bearer token every HTTP request must carry, when set. */
  http: { port: number; host: string; key?: string };
}

/** `--http` selects Streamable HTTP; `--port N` overrides KIOKU_MCP_HTTP_PORT. */
export function loadMcpServerConfig(argv: string[], env: EnvSource = process.env): McpServerConfig {
  const base = loadConfig(env);
  const mcpEnv = parseWith(mcpEnvSchema, env);
  const portFlag = argv.indexOf('--port');
  const port =
    portFlag >= 0
      ? parseWith(mcpEnvSchema, { KIOKU_MCP_HTTP_PORT: argv[portFlag + 1] }).KIOKU_MCP_HTTP_PORT
      : mcpEnv.KIOKU_MCP_HTTP_PORT;
  const transport = argv.includes('--http') ? 'http' : 'stdio';
  const key = httpKey(env.KIOKU_MCP_HTTP_KEY);
  if (transport === 'http' && key === undefined && !isLoopbackHost(mcpEnv.KIOKU_MCP_HTTP_HOST))
    throw new ConfigError([
      'KIOKU_MCP_HTTP_KEY: required when KIOKU_MCP_HTTP_HOST is not a loopback address ' +
        '(anyone who reaches the port would read every memory, private ones too); ' +
        'set a key, bind to 127.0.0.1, or serve a network with `kioku http` and API keys',
    ]);
  return { ...base, transport, http: { port, host: mcpEnv.KIOKU_MCP_HTTP_HOST, ...(key ? { key } : {}) } };
}

/** The key, checked without ever repeating it (a configuration error is printed and logged). */
function httpKey(value: string | undefined): string | undefined {
  const key = value?.trim();
  if (!key) return undefined;
  if (key.length < MIN_KEY_LENGTH)
    throw new ConfigError([`KIOKU_MCP_HTTP_KEY: at least ${MIN_KEY_LENGTH} characters`]);
  return key;
}
