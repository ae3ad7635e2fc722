/**
 * Whether a Chroma server answers: its heartbeat, once or until a deadline, over TCP or through the Unix
 * socket of an isolated server.
 */
import { delay } from '@kioku/kernel';
import { unixSocketFetchOptions } from '../unix-socket-dispatcher';

/** The loopback address every embedded server listens on. */
export const HOST = '127.0.0.1';
const HEARTBEAT_PATH = '/api/v2/heartbeat';
export const HEARTBEAT_TIMEOUT_MS = 2_000;

/** Where a server answers: its URL, reached through `socketPath` when one is given. */
export interface ServerTarget {
  url: string;
  socketPath?: string;
}

/** True when the server answers its heartbeat within `timeoutMs`. */
export async function heartbeat(target: ServerTarget, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${target.url}${HEARTBEAT_PATH}`, {
      ...(target.socketPath ? unixSocketFetchOptions(target.socketPath) : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Polls the heartbeat until it answers (true), `timeoutMs` passes or `givenUp()` says so (false). */
export async function waitForHeartbeat(
  target: ServerTarget,
  timeoutMs: number,
  givenUp: () => boolean,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (givenUp()) return false;
    if (await heartbeat(target, Math.min(HEARTBEAT_TIMEOUT_MS, Math.max(1, deadline - Date.now()))))
      return true;
    await delay(50);
  }
  return false;
}
