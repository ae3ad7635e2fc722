/**
 * Assembles a container for an app from configuration: kernel services, the redacting logger,
 * the configured adapters, the domain libraries and their settings. Opening the default namespace at
 * start makes a down store or a mismatched embedding model stop the app with one clear line.
 */
import { join } from 'node:path';
import { Container } from 'inversify';
import { FileChangeJournal, InProcessChangeJournal, type ChangeJournal } from '@kioku/change-journal';
import type { KiokuConfig } from '@kioku/config';
import {
  JsonLinesLogSink,
  KERNEL_TOKENS,
  RandomIdGenerator,
  SystemClock,
  type Clock,
  type LogSink,
} from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { linksModule } from '@kioku/links';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import { episodesModule } from '@kioku/episodes';
import { consolidationModule } from '@kioku/consolidation';
import { workspaceSyncModule } from '@kioku/workspace-sync';
import { NodeWorkspaceFiles } from '@kioku/workspace-files-node';
import { DEFAULT_FORGETTING_SETTINGS, FORGETTING_TOKENS, forgettingModule } from '@kioku/forgetting';
import { MEMORY_TOKENS, MemoryRepository, memoryModule, unbindBackgroundWriters } from '@kioku/memory';
import { memoryChangesModule } from '@kioku/memory-changes';
import { portabilityModule } from '@kioku/portability';
import { RedactingLogger } from '@kioku/redaction';
import { SHARED_STATE_TOKENS } from '@kioku/shared-state';
import { InProcessSharedState, StoreSharedState } from '@kioku/shared-state-store';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { embeddingsModule, vectorStoreModule } from './adapter-modules';
import { refuseUnmigratedChromaStore } from './managed-chroma-migration';
import { memorySettingsFor } from './memory-settings.factory';

export interface AppContainerOptions {
  /** Added to every log record. */
  appName: string;
  /** Where log records go; default: KIOKU_LOG_FILE or stderr. */
  logSink?: LogSink;
  /** A logger the app made before the container (used as is, instead of one from `logSink`). */
  logger?: RedactingLogger;
  clock?: Clock;
  /**
   * Open the configured namespace at start (default true), so that a down store or a mismatched
   * embedding model stops the app at once. `reembed` turns it off: a mismatch is what it fixes.
   */
  openNamespace?: boolean;
  /**
   * Prepare the embedding model at start (default true). `reindex` turns it off: it never embeds, so
   * it neither loads the model nor starts embedding threads.
   */
  prepareEmbeddings?: boolean;
  /** Puts something in front of the configured embedding provider (the retrieval benchmark's cache). */
  wrapEmbeddings?: (provider: EmbeddingProvider) => EmbeddingProvider;
  /**
   * Open the in-process store even when the data dir still holds an earlier kioku's Chroma store
   * (default false: refused, naming `kioku migrate`). Only the migration itself sets it.
   */
  beforeMigration?: boolean;
}

export interface AppContainer {
  container: Container;
  logger: RedactingLogger;
  /** Releases adapters (stops an embedded Chroma server this process started). */
  close(): Promise<void>;
}

export async function createAppContainer(
  config: KiokuConfig,
  options: AppContainerOptions,
): Promise<AppContainer> {
  if (config.vectorStore.kind === 'sqlite' && !options.beforeMigration)
    refuseUnmigratedChromaStore(config.dataDir);
  const container = new Container();
  const clock = options.clock ?? new SystemClock();
  const sink = options.logSink ?? new JsonLinesLogSink(config.log.file);
  const logger =
    options.logger ?? new RedactingLogger(sink, config.log.level, clock).child({ app: options.appName });
  container.bind(KERNEL_TOKENS.Clock).toConstantValue(clock);
  container.bind(KERNEL_TOKENS.IdGenerator).toConstantValue(new RandomIdGenerator());
  container.bind(KERNEL_TOKENS.Logger).toConstantValue(logger);
  bindLibraries(container, config, options, clock);

  const close = async () => {
    await unbindBackgroundWriters(container);
    await container.unbindAll();
  };
  try {
    await startAdapters(container, config, options);
  } catch (error) {
    await close();
    throw error;
  }
  logger.info('app.ready', {
    namespace: config.namespace,
    vectorStore: config.vectorStore.kind,
    embeddings: config.embeddings.kind,
  });
  return { container, logger, close };
}

/** The configured adapters, the domain libraries and their settings. */
function bindLibraries(
  container: Container,
  config: KiokuConfig,
  options: AppContainerOptions,
  clock: Clock,
): void {
  container.loadSync(
    vectorStoreModule(config.vectorStore),
    embeddingsModule(config.embeddings),
    namespaceStorageModule(),
    linksModule(),
    memoryModule(),
    episodesModule(),
    forgettingModule(),
    consolidationModule(),
    portabilityModule(),
    memoryChangesModule(changeJournal(config)),
  );
  const wrap = options.wrapEmbeddings;
  if (wrap)
    container.onActivation(EMBEDDINGS_TOKENS.EmbeddingProvider, (_context, provider) => wrap(provider));
  if (config.workspaceDir)
    container.loadSync(
      workspaceSyncModule({
        files: new NodeWorkspaceFiles(config.workspaceDir),
        namespace: config.namespace,
      }),
    );
  container
    .bind(MEMORY_TOKENS.Settings)
    .toResolvedValue(
      (provider) => memorySettingsFor(provider, config.thresholds, config.forgetting),
      [EMBEDDINGS_TOKENS.EmbeddingProvider],
    )
    .inSingletonScope();
  container.bind(FORGETTING_TOKENS.Settings).toConstantValue({
    ...DEFAULT_FORGETTING_SETTINGS,
    trashRetentionDays: config.forgetting.trashRetentionDays,
    confirmationWindowMs: config.forgetting.confirmationWindowMs,
  });
  container
    .bind(SHARED_STATE_TOKENS.SharedState)
    .toResolvedValue(
      (store) =>
        config.sharedState === 'store' ? new StoreSharedState(store, clock) : new InProcessSharedState(clock),
      [VECTOR_STORE_TOKENS.VectorStore],
    )
    .inSingletonScope();
}

/**
 * Where memory changes are told: files under the data dir, which every process on it follows; the
 * in-process store shares its memories with no other process, and so its changes.
 */
function changeJournal(config: KiokuConfig): ChangeJournal {
  return config.vectorStore.kind === 'memory'
    ? new InProcessChangeJournal()
    : new FileChangeJournal(join(config.dataDir, 'changes'));
}

/** Loads the embedding model and opens the configured namespace, unless the options turn them off. */
async function startAdapters(
  container: Container,
  config: KiokuConfig,
  options: AppContainerOptions,
): Promise<void> {
  const embeddings = container.get(EMBEDDINGS_TOKENS.EmbeddingProvider);
  const model = options.prepareEmbeddings === false ? Promise.resolve() : embeddings.init();
  const open = () => container.get(MemoryRepository).open(config.namespace);
  // The store (the managed Chroma server takes ~0.4 s to start) comes up while the local model
  // loads: its dimension is fixed. Ollama's is learned or checked in init(), before a namespace may
  // be created with it.
  const namespace =
    options.openNamespace === false
      ? undefined
      : config.embeddings.kind === 'local'
        ? open()
        : model.then(open);
  // Both settle before a failure closes the container under them.
  const failed = (await Promise.allSettled([model, namespace])).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
