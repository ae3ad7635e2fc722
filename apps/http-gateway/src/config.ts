/**
 * The HTTP gateway's own settings on top of the shared configuration (behaviour §3, §8.2), parsed once
 * with zod. Anonymous access is refused at start unless the gateway listens on loopback only.
 */
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  loadConfig,
  parseConfig,
  parseWith,
  type EnvSource,
  type KiokuConfig,
} from '@kioku/config';
import { isLoopbackHost } from '@kioku/http-guards';

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

const gatewayEnvSchema = z.object({
  KIOKU_HTTP_PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  KIOKU_HTTP_HOST: z.string().trim().min(1).default('127.0.0.1'),
  KIOKU_HTTP_ALLOW_ANONYMOUS: z.stringbool().default(false),
  KIOKU_HTTP_RATE_PER_MINUTE: positiveInt(10_000_000).default(600),
  KIOKU_HTTP_RATE_BURST: positiveInt(10_000_000).optional(),
  KIOKU_HTTP_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(256 * 1024),
  KIOKU_HTTP_MCP_MAX_SESSIONS: positiveInt(100_000).default(256),
  KIOKU_HTTP_MCP_SESSION_IDLE_SECONDS: positiveInt(7 * 86_400).default(1800),
  KIOKU_HTTP_SHUTDOWN_TIMEOUT_SECONDS: positiveInt(600).default(10),
  KIOKU_HTTP_REQUEST_TIMEOUT_SECONDS: positiveInt(3_600).default(30),
  KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY: positiveInt(10_000).default(16),
  KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS: positiveInt(60).default(10),
  KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(128),
  KIOKU_HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(10_000_000).optional(),
  // Replicas share one keys file: mounted from a Kubernetes Secret, or a shared volume (docs/scale-out.md).
  KIOKU_API_KEYS_FILE: z
    .string()
    .trim()
    .refine((path) => isAbsolute(path), 'must be an absolute path')
    .optional(),
});

interface GatewayHttpSettings {
  port: number;
  host: string;
  /** Requests without a key are served (namespace = KIOKU_NAMESPACE) only when true, only on loopback. */
  allowAnonymous: boolean;
  /** Token bucket per key: sustained requests per minute, and the bucket size (burst). */
  ratePerMinute: number;
  rateBurst: number;
  bodyLimitBytes: number;
  mcpMaxSessions: number;
  mcpSessionIdleMs: number;
  shutdownTimeoutMs: number;
  /** A request still unanswered after this long gets a 503 (its work still completes). */
  requestTimeoutMs: number;
  /** Requests of one key being served at once; one more gets a 429. */
  maxInFlightPerKey: number;
  /** A connection whose request headers are not complete this long after they began is closed. */
  headersTimeoutMs: number;
  /** Connections of one address not in a request (new, sending headers, idle); 0 = no cap. */
  maxPendingConnectionsPerAddress: number;
  /** Connections held at once; 0 = no cap; unset = three quarters of the descriptor limit. */
  maxConnections?: number;
  /** `KIOKU_API_KEYS_FILE`, else `<KIOKU_DATA_DIR>/api-keys.json`: hashed API keys, one namespace each. */
  keysFile: string;
}

export interface HttpGatewayConfig extends KiokuConfig {
  http: GatewayHttpSettings;
}

/** Reads the environment (and KIOKU_CONFIG_FILE); `--port N` overrides KIOKU_HTTP_PORT. */
export function loadGatewayConfig(argv: string[] = [], env: EnvSource = process.env): HttpGatewayConfig {
  return gatewayConfigFrom(loadConfig(env), env, argv);
}

/** Like `loadGatewayConfig` without the config file: for tests. */
export function parseGatewayConfig(env: EnvSource, argv: string[] = []): HttpGatewayConfig {
  return gatewayConfigFrom(parseConfig(env), env, argv);
}

function gatewayConfigFrom(base: KiokuConfig, env: EnvSource, argv: string[]): HttpGatewayConfig {
  const portFlag = argv.indexOf('--port');
  const effective = portFlag >= 0 ? { ...env, KIOKU_HTTP_PORT: argv[portFlag + 1] ?? '' } : env;
  const parsed = parseWith(gatewayEnvSchema, effective);
  if (parsed.KIOKU_HTTP_ALLOW_ANONYMOUS && !isLoopbackHost(parsed.KIOKU_HTTP_HOST)) {
    throw new ConfigError([
      `KIOKU_HTTP_ALLOW_ANONYMOUS: anonymous access is only allowed when KIOKU_HTTP_HOST is a loopback address (got "${parsed.KIOKU_HTTP_HOST}")`,
    ]);
  }
  return {
    ...base,
    http: {
      port: parsed.KIOKU_HTTP_PORT,
      host: parsed.KIOKU_HTTP_HOST,
      allowAnonymous: parsed.KIOKU_HTTP_ALLOW_ANONYMOUS,
      ratePerMinute: parsed.KIOKU_HTTP_RATE_PER_MINUTE,
      rateBurst:
        parsed.KIOKU_HTTP_RATE_BURST ?? Math.max(10, Math.ceil(parsed.KIOKU_HTTP_RATE_PER_MINUTE / 10)),
      bodyLimitBytes: parsed.KIOKU_HTTP_BODY_LIMIT_BYTES,
      mcpMaxSessions: parsed.KIOKU_HTTP_MCP_MAX_SESSIONS,
      mcpSessionIdleMs: parsed.KIOKU_HTTP_MCP_SESSION_IDLE_SECONDS * 1000,
      shutdownTimeoutMs: parsed.KIOKU_HTTP_SHUTDOWN_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: parsed.KIOKU_HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      maxInFlightPerKey: parsed.KIOKU_HTTP_MAX_IN_FLIGHT_PER_KEY,
      headersTimeoutMs: parsed.KIOKU_HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      maxPendingConnectionsPerAddress: parsed.KIOKU_HTTP_MAX_PENDING_CONNECTIONS_PER_ADDRESS,
      ...(parsed.KIOKU_HTTP_MAX_CONNECTIONS === undefined
        ? {}
        : { maxConnections: parsed.KIOKU_HTTP_MAX_CONNECTIONS }),
      keysFile: parsed.KIOKU_API_KEYS_FILE ?? join(base.dataDir, 'api-keys.json'),
    },
  };
}
