import { PAYLOAD_INDEXES, missingPayloadIndexes } from './qdrant-payload-indexes';

describe('payload indexes', () => {
  it('index the fields the domain filters on, with the type the translator compares them as', () => {
    const byField = Object.fromEntries(PAYLOAD_INDEXES.map(({ field, schema }) => [field, schema]));
    expect(byField).toEqual({
      sourceId: 'keyword',
      targetId: 'keyword',
      type: 'keyword',
      category: 'keyword',
      emotion: 'keyword',
      isPrivate: 'bool',
      createdAtMs: 'float',
      lastAccessedAtMs: 'float',
      deletedAtMs: 'float',
      importance: 'float',
    });
    expect(byField['_kioku_document']).toBeUndefined();
  });

  it('only the indexes a collection lacks are created; differently typed ones are left alone', () => {
    expect(missingPayloadIndexes(undefined)).toHaveLength(PAYLOAD_INDEXES.length);
    const existing = Object.fromEntries(
      PAYLOAD_INDEXES.map(({ field }) => [field, { data_type: 'keyword' }]),
    );
    expect(missingPayloadIndexes(existing)).toEqual([]);
    const { sourceId: _, ...withoutSource } = existing;
    expect(missingPayloadIndexes(withoutSource)).toEqual([{ field: 'sourceId', schema: 'keyword' }]);
  });
});
