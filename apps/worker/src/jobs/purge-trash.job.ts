/** `purge-trash` (behaviour §2.4): removes trash entries older than the retention period for one namespace. */
import type { PurgeTrashUseCase } from '@kioku/forgetting';
import type { WriteFence } from '@kioku/concurrency';
import type { Job, JobOutcome } from './job';

export class PurgeTrashJob implements Job {
  readonly name = 'purge-trash';

  constructor(
    private readonly purgeTrash: PurgeTrashUseCase,
    private readonly retentionDays: number,
  ) {}

  async run(namespace: string, _signal: AbortSignal, beforeWrite?: WriteFence): Promise<JobOutcome> {
    const { purged } = await this.purgeTrash.execute(namespace, { beforeWrite });
    return { counts: { purged }, details: { retentionDays: this.retentionDays } };
  }
}
