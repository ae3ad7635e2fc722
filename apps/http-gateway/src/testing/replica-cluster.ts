/**
 * Test harness: N `kioku http` processes on N ports against one store — the embedded
 * default's file, shared through one KIOKU_DATA_DIR — with keys made by
 * the CLI, and a client that sends each request to the next replica in turn.
 */
import { gatewayProcesses, type GatewayProcesses } from './gateway-processes';
import { httpRequest, jsonOrUndefined, type ApiResponse } from './gateway-harness';

export interface ReplicaCluster extends Omit<GatewayProcesses, 'start'> {
  urls: string[];
  /** A client for the token (none: anonymous) that sends each request to the next replica in turn. */
  roundRobin(token?: string): RoundRobinClient;
}

export interface RoundRobinClient {
  send(method: string, url: string, body?: unknown): Promise<ApiResponse & { replica: number }>;
}

export async function startReplicaCluster(
  replicas: number,
  extraEnv: Record<string, string> = {},
): Promise<ReplicaCluster> {
  const gateways = gatewayProcesses('kioku-replicas-', extraEnv);
  const start = async () => (await gateways.start()).url;
  try {
    // The keys file must exist before the replicas start, or each would warn that there are no keys.
    await gateways.createKey('warm-up');
    // The first replica starts the embedded server; the others join it through the data dir.
    const urls = [await start()];
    urls.push(...(await Promise.all(Array.from({ length: replicas - 1 }, start))));
    let next = 0;
    const roundRobin = (token?: string): RoundRobinClient => ({
      async send(method, url, body) {
        const replica = next++ % urls.length;
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const response = await httpRequest(
          urls[replica] + url,
          method,
          {
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          payload,
        );
        return { ...response, body: jsonOrUndefined(response.text), replica };
      },
    });
    const { dataDir, env, cli, createKey, stop } = gateways;
    return { dataDir, env, urls, createKey, cli, roundRobin, stop };
  } catch (error) {
    await gateways.stop();
    throw error;
  }
}
