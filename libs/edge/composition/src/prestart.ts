/**
 * @kioku/composition/prestart: what an app may start before it has read its configuration, light to
 * import (the full composition loads every adapter). `kioku mcp` starts the default engine's first
 * model thread at once, so the model loads on another core while the process loads everything else,
 * and keeps it only if the configuration then chooses that engine.
 */
import type { KiokuConfig } from '@kioku/config';
import {
  cancelPreStartedLocalEmbeddingThread,
  preStartLocalEmbeddingThread,
} from '@kioku/embeddings-local/prestart';

/** Starts loading the default engine's model (the local model in a worker thread). */
export function preStartEmbeddings(): void {
  preStartLocalEmbeddingThread();
}

/** Keeps the pre-started thread for the container when the configuration uses it, else ends it. */
export function settlePreStartedEmbeddings(config: Pick<KiokuConfig, 'embeddings'>): void {
  if (config.embeddings.kind !== 'local' || config.embeddings.threads === 0)
    cancelPreStartedLocalEmbeddingThread();
}
