import { collectionKindTag, collectionName, NAMESPACE_PATTERN } from './collection-names';

describe('collectionName', () => {
  it('names one collection per namespace and kind, with a suffix from the second generation on', () => {
    expect(collectionName('agent-1', 'links')).toBe('kioku_agent-1_links');
    expect(collectionName('agent-1', 'memories', 1)).toBe('kioku_agent-1_memories');
    expect(collectionName('agent-1', 'memories', 2)).toBe('kioku_agent-1_memories_g2');
    expect(collectionName('agent-1', 'trash', 3)).toBe('kioku_agent-1_trash_g3');
  });

  it('refuses a namespace outside the pattern (so no name can reach another namespace)', () => {
    for (const bad of ['', 'Agent', '_shared', 'a b', 'x'.repeat(64), 'a/b']) {
      expect(NAMESPACE_PATTERN.test(bad)).toBe(false);
      expect(() => collectionName(bad, 'memories')).toThrow(`Invalid namespace "${bad}"`);
    }
  });

  it('tags a collection with its kind', () => {
    expect(collectionKindTag('episodes')).toBe('kioku-episodes');
  });
});
