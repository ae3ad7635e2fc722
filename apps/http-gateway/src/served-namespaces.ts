/**
 * The namespaces the gateway serves, readied for their first recall once it listens
 * (`prepareNamespaces`): those of the active keys, and the anonymous one where that is on.
 */
import type { ApiKeyInfo } from './auth/api-key-store';

export function servedNamespaces(keys: readonly ApiKeyInfo[], anonymousNamespace?: string): string[] {
  const active = keys.filter((key) => key.revokedAt === null).map((key) => key.namespace);
  return [...new Set(anonymousNamespace === undefined ? active : [anonymousNamespace, ...active])];
}
