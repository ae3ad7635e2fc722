/**
 * Job locks as files in `<dataDir>/worker-locks` (job-lock.ts): right for workers on ONE machine —
 * with `KIOKU_SHARED_STATE=memory` or the in-process `memory` vector store, where no shared state
 * spans processes. A lock file dies with nothing but its holder's pid, so it is never lost while held
 * and needs no check before writes; two machines never see each other's files (use leases there).
 */
import { NO_FENCE } from '@kioku/concurrency';
import type { JobName } from '../config';
import { jobLockPath, lockHolderPid, tryJobLock } from './job-lock';
import type { JobLocks, TakeJobLockResult } from './job-locks';

export class FileJobLocks implements JobLocks {
  constructor(private readonly locksDir: string) {}

  async take(job: JobName, namespace: string): Promise<TakeJobLockResult> {
    const path = jobLockPath(this.locksDir, job, namespace);
    const release = await tryJobLock(path);
    if (!release) return { taken: false, heldBy: { pid: lockHolderPid(path) } };
    return {
      taken: true,
      lock: {
        info: {},
        lost: new AbortController().signal,
        beforeWrite: NO_FENCE,
        release: async () => release(),
      },
    };
  }
}
