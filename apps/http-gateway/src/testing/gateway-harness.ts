/**
 * Test harness: a gateway in process on the in-memory store and the real local model, with a
 * capturing log sink and a temporary data dir for the key file, listening on a free loopback port.
 * `api(token)` sends requests with node:http. (Fastify's `inject` cannot run under Jest on Node 20: its
 * light-my-request requires `cookie` 2, an ES-module-only package that Jest's runtime refuses.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContainer } from '@kioku/composition';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { buildGateway, type Gateway } from '../app';
import { ApiKeyStore } from '../auth/api-key-store';
import { parseGatewayConfig, type HttpGatewayConfig } from '../config';
import { createGatewayContainer } from '../container';
import { GatewayMetrics } from '../metrics/gateway-metrics';

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON fields
  body: any;
  text: string;
}

export interface ApiClient {
  get(url: string, headers?: Record<string, string>): Promise<ApiResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<ApiResponse>;
}

export interface TestGateway {
  gateway: Gateway;
  app: AppContainer;
  config: HttpGatewayConfig;
  keys: ApiKeyStore;
  logs: CapturingLogSink;
  dataDir: string;
  /** A new key for the namespace; returns its token. */
  createKey(namespace: string, label?: string): Promise<{ token: string; keyId: string }>;
  /** Requests with `Authorization: Bearer <token>` (none when token is undefined). */
  api(token?: string): ApiClient;
  /** Where it listens: 127.0.0.1 on a free port. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startTestGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-gateway-'));
  const config = parseGatewayConfig({
    KIOKU_VECTOR_STORE: 'memory',
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_LEVEL: 'debug',
    KIOKU_HTTP_PORT: '0',
    // Tests send bursts from one key; the rate limit has its own spec, which sets these.
    KIOKU_HTTP_RATE_PER_MINUTE: '1000000',
    KIOKU_HTTP_RATE_BURST: '1000000',
    ...env,
  });
  const logs = new CapturingLogSink();
  const app = await createGatewayContainer(config, { logSink: logs });
  const keys = new ApiKeyStore(config.http.keysFile);
  const gateway = buildGateway({ config, app, keys, metrics: new GatewayMetrics({ processMetrics: false }) });
  await gateway.server.ready();

  await gateway.server.listen({ host: '127.0.0.1', port: 0 });
  const address = gateway.server.server.address();
  if (!address || typeof address !== 'object') throw new Error('The test gateway is not listening.');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const api = (token?: string): ApiClient => {
    const send = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<ApiResponse> => {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const response = await httpRequest(
        baseUrl + url,
        method,
        {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        payload,
      );
      return { ...response, body: jsonOrUndefined(response.text) };
    };
    return {
      get: (url, headers) => send('GET', url, undefined, headers),
      post: (url, body, headers) => send('POST', url, body ?? {}, headers),
      patch: (url, body, headers) => send('PATCH', url, body ?? {}, headers),
      delete: (url, headers) => send('DELETE', url, undefined, headers),
    };
  };

  let closed = false;
  return {
    gateway,
    app,
    config,
    keys,
    logs,
    dataDir,
    async createKey(namespace, label) {
      const { key, token } = await keys.create({ namespace, label });
      return { token, keyId: key.id };
    },
    api,
    baseUrl,
    async close() {
      if (closed) return;
      closed = true;
      await gateway.server.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One HTTP request with node:http (unlike fetch, it may set any header, Host included). */
export function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<{ status: number; headers: ApiResponse['headers']; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** The parsed JSON body, or undefined when the body is not JSON. */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
