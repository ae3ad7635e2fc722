/**
 * When a stdio server begins its background start: right after the handshake, not during it. Loading
 * the store and model libraries blocks the event loop, so it waits until `tools/list` has been
 * answered (stdout writes to a pipe are synchronous on Linux, so the answer is out before the next
 * macrotask), or until any other request arrives (a call must wait for the app anyway), or at the
 * latest HANDSHAKE_GRACE_MS after `notifications/initialized`.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

const HANDSHAKE_GRACE_MS = 100;
const HANDSHAKE = new Set(['initialize', 'notifications/initialized', 'ping', 'logging/setLevel']);

/** Call after `server.connect(transport)`: wraps the handler the server installed. */
export function startAfterHandshake(transport: Transport, start: () => void): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    deliver?.(message, extra);
    if (!('method' in message)) return;
    if (message.method === 'notifications/initialized') setTimeout(start, HANDSHAKE_GRACE_MS).unref();
    else if (!HANDSHAKE.has(message.method)) setImmediate(start);
  };
}
