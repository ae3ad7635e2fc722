/**
 * Who is calling, as established by authentication: the key id (public) and the one namespace the
 * key is bound to. The namespace never comes from the request itself (behaviour §2.6).
 */
import type { CallContext } from '@kioku/call-context';

export interface Caller {
  /** `key_<hex>`, or `anonymous` on a loopback gateway that allows it. */
  keyId: string;
  namespace: string;
}

export const ANONYMOUS_KEY_ID = 'anonymous';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every protected route. */
    caller: Caller | null;
  }
}

/** The use-case context of a REST call: per-key state (sweep confirmations) belongs to the key. */
export function restContext(caller: Caller): CallContext {
  return { namespace: caller.namespace, callerId: caller.keyId };
}
