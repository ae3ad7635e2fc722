/** Test helper: tells the store requests of the shared state (leases, tick claims) from a namespace's. */
import { SHARED_STATE_COLLECTION } from '@kioku/shared-state-store';

/** The id of the shared-state collection on a Chroma server, once a worker has created it. */
export async function sharedStateCollectionId(chromaUrl: string): Promise<string | undefined> {
  const path = `/api/v2/tenants/default_tenant/databases/default_database/collections/${SHARED_STATE_COLLECTION}`;
  const answer = await fetch(new URL(path, chromaUrl));
  return answer.ok ? ((await answer.json()) as { id: string }).id : undefined;
}

/** Picks the requests that touch a collection other than the shared state (by id or name): a job's reads and writes. */
export function namespaceRequests(sharedStateId: string) {
  return (_method: string, path: string) =>
    path.includes('/collections/') &&
    !path.includes(sharedStateId) &&
    !path.includes(SHARED_STATE_COLLECTION);
}
