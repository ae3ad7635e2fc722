/**
 * The order of a conversation: which memory each caller saved last, so that the next one it saves
 * within a short gap records it as its `precedingId`. Recall's contiguity stage follows that order.
 * Kept per process (an MCP session, an API key's calls to one gateway replica): the order is a hint
 * for ranking, so a missing link after a restart or across replicas only loses a little context. For
 * the same reason the previous memory learns its follower in the background, coalesced with the
 * namespace's other background writes (remember does not wait for that write; `flush()` does, on
 * shutdown and in tests).
 */
import { inject, injectable } from 'inversify';
import { FOLLOWING_ID_KEY } from '../../domain/memory-record.codec';
import type { CallContext } from '@kioku/call-context';
import { BackgroundPatches } from './background-patches';

/** Saves further apart than this start a new thread. */
export const THREAD_GAP_MS = 30 * 60_000;
const MAX_CALLERS = 10_000;

@injectable()
export class ConversationThread {
  private readonly last = new Map<string, { id: string; atMs: number }>();

  constructor(@inject(BackgroundPatches) private readonly patches: BackgroundPatches) {}

  /** The memory this caller saved last, if within the gap. */
  preceding(context: CallContext, now: Date): string | undefined {
    const entry = this.last.get(keyOf(context));
    return entry && now.getTime() - entry.atMs <= THREAD_GAP_MS ? entry.id : undefined;
  }

  /** Tells each preceding memory, in the background, which memory followed it (a missing one is ignored). */
  recordFollowers(namespace: string, followers: { precedingId: string; id: string }[]): void {
    this.patches.queue(
      namespace,
      followers.map(({ precedingId, id }) => ({ id: precedingId, metadata: { [FOLLOWING_ID_KEY]: id } })),
      'thread',
    );
  }

  flush(): Promise<void> {
    return this.patches.flush();
  }

  /** Records the memory this caller just saved. */
  advance(context: CallContext, id: string, now: Date): void {
    const key = keyOf(context);
    this.last.delete(key);
    this.last.set(key, { id, atMs: now.getTime() });
    if (this.last.size > MAX_CALLERS) this.last.delete(this.last.keys().next().value as string);
  }
}

function keyOf(context: CallContext): string {
  return `${context.namespace}\u0000${context.callerId}`;
}
