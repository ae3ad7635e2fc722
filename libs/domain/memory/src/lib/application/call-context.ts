/**
 * Who is calling: the namespace whose data the call may see, and the caller identity that owns
 * per-caller state (pending confirmations). Apps build it: the stdio server from config and its
 * session, the gateway from the API key.
 */
export interface CallContext {
  namespace: string;
  callerId: string;
}
