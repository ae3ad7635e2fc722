/**
 * Maps kioku record ids to Qdrant point ids. Qdrant accepts only unsigned integers and UUIDs as point
 * ids (https://qdrant.tech/documentation/concepts/points/#point-ids), while kioku ids are arbitrary
 * strings (`mem_…`, `mem_a>mem_b`, unicode). Every id becomes a name-based UUID version 5 (RFC 9562
 * §5.5: SHA-1 of a fixed namespace UUID and the UTF-8 id), so the mapping is deterministic and needs no
 * lookup table: an upsert retried after a timeout, or the same id written by two processes, lands on the
 * same point. The original id is kept in the payload (`_kioku_id`) and is what callers get back.
 */
import { createHash } from 'node:crypto';

/**
 * The namespace of every kioku point id. Fixed forever: changing it would orphan every stored point.
 * (It is itself `uuidv5(NAMESPACE_URL, 'https://kioku.dev/qdrant/point-id')`, so it is reproducible.)
 */
export const KIOKU_POINT_ID_NAMESPACE = '63f3f019-e26a-560d-a5e4-6e4849931db7';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical hyphenated UUID string (any version). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The RFC 9562 version-5 UUID of `name` in `namespace`, lower case and hyphenated. */
export function uuidV5(name: string, namespace: string): string {
  if (!isUuid(namespace)) throw new TypeError('The UUID namespace must be a canonical UUID string.');
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const digest = createHash('sha1').update(namespaceBytes).update(Buffer.from(name, 'utf8')).digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122/9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The Qdrant point id of a kioku record id (same input, same output, in every process). */
export function pointIdOf(recordId: string): string {
  return uuidV5(recordId, KIOKU_POINT_ID_NAMESPACE);
}
