/**
 * The namespaces the gateway will serve, readied for their first recall once it listens: the first
 * search of a large namespace would otherwise read its vectors while the caller waits (1.7 s at 100k
 * memories). They are the namespaces of the active keys, and the anonymous one where that is on. One
 * at a time (a store's prepare reads in blocks, leaving the event loop free between them), after the
 * gateway has started answering; a failure leaves that namespace's reading to its first recall.
 */
import type { Logger } from '@kioku/kernel';
import type { ApiKeyInfo } from './auth/api-key-store';

export interface NamespacePreparer {
  prepare(namespace: string): Promise<void>;
}

export function servedNamespaces(keys: readonly ApiKeyInfo[], anonymousNamespace?: string): string[] {
  const active = keys.filter((key) => key.revokedAt === null).map((key) => key.namespace);
  return [...new Set(anonymousNamespace === undefined ? active : [anonymousNamespace, ...active])];
}

export async function prepareNamespaces(
  memories: NamespacePreparer,
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
