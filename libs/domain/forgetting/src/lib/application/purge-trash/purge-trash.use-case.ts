/** Purges trash entries older than the retention period (behaviour §2.4); with retention 0, all of them. */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import { NO_FENCE, type WriteFence } from '@kioku/concurrency';
import { FORGETTING_TOKENS } from '../../forgetting.tokens';
import type { ForgettingSettings } from '../../forgetting-settings';
import { TrashRepository } from '../trash.repository';

@injectable()
export class PurgeTrashUseCase {
  constructor(
    @inject(TrashRepository) private readonly trash: TrashRepository,
    @inject(FORGETTING_TOKENS.Settings) private readonly settings: ForgettingSettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** `beforeWrite` is called before the purge is written (the worker's lease check; see WriteFence). */
  async execute(
    namespace: string,
    { beforeWrite = NO_FENCE }: { beforeWrite?: WriteFence } = {},
  ): Promise<{ purged: number }> {
    const cutoff = new Date(this.clock.now().getTime() - this.settings.trashRetentionDays * 86_400_000 + 1);
    await beforeWrite();
    const purged = await this.trash.purgeDeletedBefore(namespace, cutoff);
    this.logger.info('trash.purged', { namespace, purged });
    return { purged };
  }
}
