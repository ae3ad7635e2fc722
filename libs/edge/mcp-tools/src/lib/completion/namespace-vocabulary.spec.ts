/** The vocabulary of completions: ids newest first by prefix, tags by use, private ones only when asked. */
import { NamespaceVocabulary } from './namespace-vocabulary';

const entry = (id: string, createdAtMs: number, tags: string[], isPrivate = false) => ({
  id,
  createdAtMs,
  tags,
  isPrivate,
});

describe('NamespaceVocabulary', () => {
  it('offers ids newest first by prefix, an older one put back in its place, private ones when asked', () => {
    const vocabulary = new NamespaceVocabulary();
    vocabulary.put(entry('mem_aa0000000001', 1, []));
    vocabulary.put(entry('mem_ab0000000002', 3, []));
    vocabulary.put(entry('mem_aa0000000003', 5, [], true));
    vocabulary.put(entry('mem_aa0000000004', 2, [])); // a restore: older than the newest
    expect(vocabulary.ids('mem_a', false)).toEqual([
      'mem_ab0000000002',
      'mem_aa0000000004',
      'mem_aa0000000001',
    ]);
    expect(vocabulary.ids('mem_aa', true)).toEqual([
      'mem_aa0000000003',
      'mem_aa0000000004',
      'mem_aa0000000001',
    ]);
    vocabulary.remove('mem_aa0000000004');
    vocabulary.remove('mem_unknown');
    expect(vocabulary.ids('', true)).toEqual(['mem_aa0000000003', 'mem_ab0000000002', 'mem_aa0000000001']);
    expect(vocabulary.size).toBe(3);
  });

  it('ranks tags by use, case-blind by prefix, counting a tag of private memories only when asked', () => {
    const vocabulary = new NamespaceVocabulary();
    vocabulary.put(entry('mem_000000000001', 1, ['Garden', 'pets']));
    vocabulary.put(entry('mem_000000000002', 2, ['pets']));
    vocabulary.put(entry('mem_000000000003', 3, ['grief', 'grief'], true));
    expect(vocabulary.tags('', false)).toEqual(['pets', 'Garden']);
    expect(vocabulary.tags('g', false)).toEqual(['Garden']);
    expect(vocabulary.tags('g', true)).toEqual(['Garden', 'grief']);
    // An update that drops a tag, and a memory turned public: counts follow.
    vocabulary.put(entry('mem_000000000002', 2, ['garden-2']));
    vocabulary.put(entry('mem_000000000003', 3, ['grief']));
    expect(vocabulary.tags('', false)).toEqual(['Garden', 'garden-2', 'grief', 'pets']);
    vocabulary.remove('mem_000000000001');
    expect(vocabulary.tags('', true)).toEqual(['garden-2', 'grief']);
  });
});
