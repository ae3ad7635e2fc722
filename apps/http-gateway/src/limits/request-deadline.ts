/**
 * A time limit per request: a request still unanswered after `timeoutMs` gets a 503 problem
 * (REQUEST_TIMEOUT, with Retry-After) so that the client and the load balancer are not held.
 *
 * The work itself is not interrupted: a use case cut in the middle could leave half a write (a memory
 * without its links). It runs to its end and its late result is dropped, so the client must treat a
 * timed-out write as "may have happened" (remember reports a duplicate on retry; deletes are
 * idempotent). Responses that have started streaming (MCP event streams) are left alone.
 */
import type { FastifyReply } from 'fastify';
import { problem } from '@kioku/rest-routes';

const RETRY_AFTER_SECONDS = 5;

/** Arms the deadline; it is disarmed when the response's socket closes. */
export function armRequestDeadline(reply: FastifyReply, timeoutMs: number, onTimeout: () => void): void {
  const timer = setTimeout(() => {
    if (reply.sent || reply.raw.headersSent) return;
    onTimeout();
    const response = problem(
      'REQUEST_TIMEOUT',
      `The request did not finish within ${Math.round(timeoutMs / 1000)} s. Its work may still complete: check before retrying a write.`,
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
    void reply.code(response.status).headers(response.headers).send(response.body);
  }, timeoutMs);
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));
}
