/**
 * The payload indexes the adapter creates in every collection it ensures: the metadata fields kioku's
 * domain filters on (memories, links, episodes, trash). Qdrant filters unindexed fields too, by reading
 * payloads, so indexes change speed, never results; but a filtered vector search over a large
 * collection needs them to plan well (https://qdrant.tech/documentation/concepts/indexing/#payload-index).
 *
 * - Strings compared with `eq`/`in` → `keyword`.
 * - Numbers → `float`, also for integral values (timestamps in ms are exact in a double): the filter
 *   translator compares every number with `range`, which a float index serves for ints and floats alike.
 * - `isPrivate` → `bool`.
 * - `tag_<name>` booleans are NOT indexed: their names are open-ended (one key per tag), Qdrant has no
 *   wildcard index, and an index per tag would grow without bound. Tag filters are always combined with
 *   indexed conditions in recall (category, time range, privacy) or run on small candidate sets, so the
 *   payload scan they need stays cheap.
 * - The document field (`_kioku_document`) is NOT indexed: a full-text index would change `match.text`
 *   from exact substring to token matching (see `qdrant-filter.translator.ts`).
 * Indexing a field that a collection never uses costs nothing, so one list serves every collection.
 */
export type PayloadIndexSchema = 'keyword' | 'float' | 'bool';

export const PAYLOAD_INDEXES: ReadonlyArray<{ field: string; schema: PayloadIndexSchema }> = [
  { field: 'sourceId', schema: 'keyword' },
  { field: 'targetId', schema: 'keyword' },
  { field: 'type', schema: 'keyword' },
  { field: 'category', schema: 'keyword' },
  { field: 'emotion', schema: 'keyword' },
  { field: 'isPrivate', schema: 'bool' },
  { field: 'createdAtMs', schema: 'float' },
  { field: 'lastAccessedAtMs', schema: 'float' },
  { field: 'deletedAtMs', schema: 'float' },
  { field: 'importance', schema: 'float' },
];

/**
 * The indexes still to create, given the collection's `payload_schema` (field → `{ data_type }`).
 * A field indexed with another type is left alone: an operator chose it on purpose.
 */
export function missingPayloadIndexes(
  payloadSchema: Record<string, unknown> | undefined,
): Array<{ field: string; schema: PayloadIndexSchema }> {
  return PAYLOAD_INDEXES.filter(({ field }) => payloadSchema?.[field] === undefined);
}
