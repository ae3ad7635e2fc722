/**
 * The worker's composition: the shared app container (adapters, domain libraries, the redacting
 * logger) with the app's name on every record, and the jobs built on its use cases.
 */
import { createAppContainer, type AppContainer, type AppContainerOptions } from '@kioku/composition';
import type { Container } from 'inversify';
import { ConsolidateUseCase } from '@kioku/consolidation';
import { AutoForgetSweep, PurgeTrashUseCase, RepairIntegrityUseCase } from '@kioku/forgetting';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { ReembedUseCase } from '@kioku/memory';
import { ExportNamespaceUseCase } from '@kioku/portability';
import { SHARED_STATE_TOKENS } from '@kioku/shared-state';
import { LeasedLocks } from '@kioku/shared-state-store';
import type { JobName, WorkerConfig } from './config';
import { AutoForgetJob } from './jobs/auto-forget.job';
import { ConsolidateJob } from './jobs/consolidate.job';
import { FileJobLocks } from './jobs/file-job-locks';
import { IntegrityJob } from './jobs/integrity.job';
import type { Job } from './jobs/job';
import type { JobLocks } from './jobs/job-locks';
import { LeasedJobLocks, workerHolderId } from './jobs/leased-job-locks';
import { PurgeTrashJob } from './jobs/purge-trash.job';
import { BackupJob } from './jobs/backup.job';
import { ReembedJob, type Reembedder } from './jobs/reembed.job';
import { TickClaims } from './jobs/tick-claims';

export function createWorkerContainer(
  config: WorkerConfig,
  options: Omit<AppContainerOptions, 'appName'> = {},
): Promise<AppContainer> {
  return createAppContainer(config, { appName: 'worker', ...options });
}

export function workerJobs(container: Container, config: WorkerConfig): Record<JobName, Job> {
  const clock = container.get(KERNEL_TOKENS.Clock);
  const logger = container.get(KERNEL_TOKENS.Logger);
  return {
    consolidate: new ConsolidateJob(container.get(ConsolidateUseCase), config.worker.consolidateWindowHours),
    'auto-forget': new AutoForgetJob(container.get(AutoForgetSweep), config.worker.autoForgetMode, clock),
    'purge-trash': new PurgeTrashJob(container.get(PurgeTrashUseCase), config.forgetting.trashRetentionDays),
    integrity: new IntegrityJob(container.get(RepairIntegrityUseCase)),
    reembed: new ReembedJob(reembedderOf(container), config.worker.reembedBatchSize, logger),
    backup: new BackupJob(container.get(ExportNamespaceUseCase), config.worker.backup, clock),
  };
}

/**
 * How this worker coordinates with others: leases and tick claims on the shared state when it spans
 * processes (KIOKU_SHARED_STATE=store on a store other processes reach); otherwise lock files on this
 * machine's disk, the right tool when every worker shares one data dir and nothing else is shared.
 */
export function workerCoordination(
  container: Container,
  config: WorkerConfig,
): { locks: JobLocks; ticks: TickClaims; holderId: string } {
  const state = container.get(SHARED_STATE_TOKENS.SharedState);
  const holderId = workerHolderId();
  const shared = config.sharedState === 'store' && config.vectorStore.kind !== 'memory';
  const locks = shared
    ? new LeasedJobLocks(
        new LeasedLocks(state, container.get(KERNEL_TOKENS.Clock), config.worker.leaseMs),
        holderId,
      )
    : new FileJobLocks(config.worker.locksDir);
  return { locks, ticks: new TickClaims(state, holderId), holderId };
}

/** The one place the worker reaches the re-embedding use case. */
function reembedderOf(container: Container): Reembedder {
  return container.get(ReembedUseCase);
}
