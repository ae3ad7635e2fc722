/**
 * Namespaces an app will serve, readied for their first recall once it has started: the first search
 * of a large namespace would otherwise read its vectors while the caller waits (1.7 s at 100k
 * memories). One at a time (a store's prepare reads in blocks, leaving the event loop free between
 * them); a failure is logged and leaves that namespace's reading to its first recall.
 */
import type { Logger } from '@kioku/kernel';
import type { MemoryRepository } from '@kioku/memory';

export async function prepareNamespaces(
  memories: Pick<MemoryRepository, 'prepare'>,
  namespaces: readonly string[],
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  for (const namespace of namespaces) {
    try {
      await memories.prepare(namespace);
    } catch (error) {
      logger.warn('store.prepare_failed', { namespace, error });
    }
  }
}
