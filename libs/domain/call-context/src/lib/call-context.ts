/**
 * Who is calling: the namespace whose data the call may see, and the caller identity that owns
 * per-caller state (pending confirmations). Apps build it: the stdio server from config and its
 * session, the gateway from the API key. A caller that wants to hear how a long call advances
 * (MCP progress) passes `progress`.
 */
export interface CallContext {
  namespace: string;
  callerId: string;
  progress?: ProgressReporter;
}

/** `progress` grows with every report; `total` when the number of steps is known. */
export type ProgressReporter = (update: { progress: number; total?: number; message: string }) => void;
