/**
 * The worker's composition: the shared app container (adapters, domain libraries, the redacting
 * logger) with the app's name on every record, and the jobs built on its use cases.
 */
import { createAppContainer, type AppContainer, type AppContainerOptions } from '@kioku/backends';
import type { Container } from 'inversify';
import { ConsolidateUseCase } from '@kioku/consolidation';
import { AutoForgetSweep, PurgeTrashUseCase, RepairIntegrityUseCase } from '@kioku/forgetting';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { ReembedUseCase } from '@kioku/memory';
import type { JobName, WorkerConfig } from './config';
import { AutoForgetJob } from './jobs/auto-forget.job';
import { ConsolidateJob } from './jobs/consolidate.job';
import { IntegrityJob } from './jobs/integrity.job';
import type { Job } from './jobs/job';
import { PurgeTrashJob } from './jobs/purge-trash.job';
import { ReembedJob, type Reembedder } from './jobs/reembed.job';

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
  };
}

/** The one place the worker reaches the re-embedding use case. */
function reembedderOf(container: Container): Reembedder {
  return container.get(ReembedUseCase);
}
