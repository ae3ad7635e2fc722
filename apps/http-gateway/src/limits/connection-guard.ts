/**
 * Slow-loris defence (docs/security.md): a connection that is not in a request — new, still sending
 * its headers, or idle between two requests — holds one of the process's descriptors while costing its
 * sender nothing. At most `maxPendingPerAddress` such connections of one remote address are kept; a new
 * one past that is answered 503 with `Retry-After` and closed at once, so one address cannot take the
 * descriptors every other caller needs. (Node itself closes a connection whose request headers are not
 * complete within the server's `headersTimeout`; `gatewayServerOptions` sets it.)
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { problem } from '@kioku/rest-routes';

/**
 * Written before any request is read, so raw; a problem body says why (a client that opens many
 * connections at once from one address, e.g. a load generator, sees this rather than an empty 503).
 */
const REFUSAL = refusal(
  problem(
    'BUSY',
    'Too many connections from this address are not in a request (new, sending headers or idle); retry after 1 s.',
    { 'retry-after': '1' },
  ),
);

export interface ConnectionGuardOptions {
  /** Connections of one address not in a request; 0 = no cap (a proxy in front enforces its own). */
  maxPendingPerAddress: number;
  /** Called for each connection refused. */
  onRefused?: () => void;
}

export interface ConnectionGuard {
  /** Connections of the address that are not in a request now (for tests and diagnostics). */
  pending(address: string): number;
}

export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const pendingByAddress = new Map<string, number>();
  const addressOf = new WeakMap<Socket, string>();
  const counted = new WeakSet<Socket>();

  const add = (address: string, delta: number) => {
    const n = (pendingByAddress.get(address) ?? 0) + delta;
    if (n > 0) pendingByAddress.set(address, n);
    else pendingByAddress.delete(address);
  };
  const startPending = (socket: Socket) => {
    const address = addressOf.get(socket);
    if (address === undefined || socket.destroyed || counted.has(socket)) return;
    counted.add(socket);
    add(address, 1);
  };
  const stopPending = (socket: Socket) => {
    const address = addressOf.get(socket);
    if (address !== undefined && counted.delete(socket)) add(address, -1);
  };

  server.on('connection', (socket: Socket) => {
    const address = normalizedAddress(socket.remoteAddress);
    if (address === undefined) {
      socket.destroy(); // already gone
      return;
    }
    const cap = options.maxPendingPerAddress;
    if (cap > 0 && (pendingByAddress.get(address) ?? 0) >= cap) {
      options.onRefused?.();
      socket.end(REFUSAL, () => socket.destroy());
      return;
    }
    addressOf.set(socket, address);
    startPending(socket);
    socket.once('close', () => stopPending(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    stopPending(socket);
    // 'close' follows the end of the response (or an aborted one): the connection waits for the next.
    response.once('close', () => startPending(socket));
  });

  return { pending: (address) => pendingByAddress.get(normalizedAddress(address) ?? address) ?? 0 };
}

function refusal({ status, headers, body }: ReturnType<typeof problem>): string {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `content-length: ${Buffer.byteLength(text)}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

/** An IPv4 caller reached over an IPv6 socket counts as its IPv4 address. */
function normalizedAddress(address: string | undefined): string | undefined {
  return address?.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
