/**
 * Job locks as leases on the shared state (`LeasedLocks`, one lock `job:<job>:<namespace>`): every
 * worker on the same store sees them, whichever machine it runs on. The holder renews its lease while
 * the job runs; a holder that dies (even by SIGKILL) loses it when the lease runs out, and the next
 * worker takes the next epoch. Before each write batch the job checks that the lease is still its own.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { LeasedLocks } from '@kioku/shared-state-store';
import type { JobName } from '../config';
import type { JobLocks, TakeJobLockResult } from './job-locks';

/** `host/pid/random`: tells a human which worker holds a job, and two workers with one pid apart. */
export function workerHolderId(): string {
  return `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
}

export class LeasedJobLocks implements JobLocks {
  constructor(
    private readonly locks: LeasedLocks,
    private readonly holderId: string,
  ) {}

  async take(job: JobName, namespace: string): Promise<TakeJobLockResult> {
    const result = await this.locks.tryAcquire(`job:${job}:${namespace}`, { id: this.holderId });
    if (!result.acquired)
      return {
        taken: false,
        heldBy: result.heldBy ? { holder: result.heldBy.holder, epoch: result.heldBy.epoch } : {},
      };
    const { lease } = result;
    return {
      taken: true,
      lock: {
        info: { holder: this.holderId, epoch: lease.epoch },
        lost: lease.signal,
        beforeWrite: () => lease.assertHeld(),
        release: () => lease.release(),
      },
    };
  }
}
