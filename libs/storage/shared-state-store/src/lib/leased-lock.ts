/**
 * A lock held with a lease, for jobs that several workers on several machines may try to run.
 *
 * Each acquisition creates the next epoch of the lock (`<name>#<epoch>`) with `SharedState.create`,
 * so of two contenders exactly one gets an epoch. The holder renews its lease while it works; when
 * the holder dies (even by SIGKILL) its lease runs out and the next contender creates the next epoch.
 * The epoch is the fencing token: before each write batch the holder checks that its lease has not
 * run out by its own clock and that no next epoch exists — a holder that was paused past its lease
 * and taken over stops before writing again.
 */
import type { Clock } from '@kioku/kernel';
import type { SharedState, StateEntry } from '@kioku/shared-state';

export interface LeaseHolder {
  /** Who holds it, for reports (for example `host/pid`); never secret. */
  id: string;
}

interface LeaseInfo {
  epoch: number;
  holder: string;
  expiresAt: number;
}

export class LeaseLostError extends Error {
  constructor(readonly lock: string) {
    super(`The lease on ${lock} was lost (expired or taken over); stopping before the next write.`);
    this.name = 'LeaseLostError';
  }
}

export interface Lease {
  readonly lock: string;
  /** The fencing token: grows with every acquisition of the lock. */
  readonly epoch: number;
  /** Aborted when the lease is lost (a renewal found it taken over or could not be made in time). */
  readonly signal: AbortSignal;
  /** Throws LeaseLostError unless the lease is still this holder's; call it before each write batch. */
  assertHeld(): Promise<void>;
  /** Stops renewing and frees the lock at once for the next contender. */
  release(): Promise<void>;
}

export type AcquireResult = { acquired: true; lease: Lease } | { acquired: false; heldBy: LeaseInfo | null };

export class LeasedLocks {
  constructor(
    private readonly state: SharedState,
    private readonly clock: Clock,
    private readonly leaseMs: number,
  ) {}

  /** Takes the lock when it is free or its lease has run out; never waits. */
  async tryAcquire(lock: string, holder: LeaseHolder): Promise<AcquireResult> {
    const epochs = (await this.state.list(groupOf(lock))).map(toInfo).sort((a, b) => a.epoch - b.epoch);
    const current = epochs.at(-1);
    const now = this.clock.now().getTime();
    if (current && current.expiresAt > now) return { acquired: false, heldBy: current };
    const epoch = (current?.epoch ?? 0) + 1;
    const entry = this.entry(lock, epoch, holder.id, now + this.leaseMs);
    if (!(await this.state.create(entry))) {
      return { acquired: false, heldBy: toInfoOrNull(await this.state.get(entry.key)) };
    }
    // Older epochs are history once this one exists; the previous one stays as the lower bound.
    await this.state.delete(epochs.slice(0, -1).map((info) => keyOf(lock, info.epoch)));
    return { acquired: true, lease: this.hold(lock, epoch, holder.id, entry.expiresAt) };
  }

  private hold(lock: string, epoch: number, holder: string, firstExpiry: number): Lease {
    const lost = new AbortController();
    let expiresAt = firstExpiry;
    let released = false;
    const now = () => this.clock.now().getTime();

    const takenOver = async () => (await this.state.get(keyOf(lock, epoch + 1))) !== null;
    const renew = async () => {
      if (released || lost.signal.aborted) return;
      try {
        if (now() >= expiresAt || (await takenOver())) {
          lost.abort(new LeaseLostError(lock));
          return;
        }
        const next = now() + this.leaseMs;
        await this.state.put(this.entry(lock, epoch, holder, next));
        expiresAt = next;
      } catch {
        // A failed renewal is retried at the next beat; the lease is lost only when it runs out.
        if (now() >= expiresAt) lost.abort(new LeaseLostError(lock));
      }
    };
    const timer = setInterval(() => void renew(), Math.max(50, Math.floor(this.leaseMs / 3)));
    timer.unref();

    return {
      lock,
      epoch,
      signal: lost.signal,
      assertHeld: async () => {
        if (lost.signal.aborted || now() >= expiresAt || (await takenOver())) {
          lost.abort(new LeaseLostError(lock));
          throw new LeaseLostError(lock);
        }
      },
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        // Expired as of now, not at 0: an entry expired a day ago is purged, and a purged last epoch
        // would restart the count at 1 — the next holder must get a higher fencing token.
        if (!lost.signal.aborted) await this.state.put(this.entry(lock, epoch, holder, now()));
      },
    };
  }

  private entry(lock: string, epoch: number, holder: string, expiresAt: number): StateEntry {
    return {
      key: keyOf(lock, epoch),
      value: JSON.stringify({ epoch, holder }),
      expiresAt,
      group: groupOf(lock),
    };
  }
}

const groupOf = (lock: string) => `lease:${lock}`;
const keyOf = (lock: string, epoch: number) => `lease:${lock}#${epoch}`;

function toInfo(entry: StateEntry): LeaseInfo {
  const { epoch, holder } = JSON.parse(entry.value) as { epoch: number; holder: string };
  return { epoch, holder, expiresAt: entry.expiresAt };
}

function toInfoOrNull(entry: StateEntry | null): LeaseInfo | null {
  return entry ? toInfo(entry) : null;
}
