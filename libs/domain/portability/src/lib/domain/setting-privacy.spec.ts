/** Merge candidates in the consolidation setting, as a public-only export writes them. */
import { withoutHiddenMemories } from './setting-privacy';

const hidden = new Set(['mem_private0001']);
const isHidden = (id: string) => hidden.has(id);
const state = (mergeCandidates: string) => ({ lastRunAt: '2026-11-21T09:00:00.000Z', mergeCandidates });

describe('withoutHiddenMemories', () => {
  it('drops the merge candidates that name a left-out memory, on either side, and keeps the rest', () => {
    const candidates = [
      { a: 'mem_public00001', b: 'mem_public00002', similarity: 0.9 },
      { a: 'mem_private0001', b: 'mem_public00002', similarity: 0.8 },
      { a: 'mem_public00003', b: 'mem_private0001', similarity: 0.7 },
    ];
    expect(withoutHiddenMemories('consolidation', state(JSON.stringify(candidates)), isHidden)).toEqual(
      state(JSON.stringify([candidates[0]])),
    );
  });

  it('writes no candidates when they cannot be read (nor checked)', () => {
    for (const unreadable of ['not json', '{"a":"mem_private0001"}', '[{"a":1,"b":"mem_public00002"}]']) {
      expect(withoutHiddenMemories('consolidation', state(unreadable), isHidden)).toEqual(state('[]'));
    }
  });

  it('leaves other settings as they are', () => {
    const other = { mergeCandidates: '[{"a":"mem_private0001","b":"x"}]', kept: true };
    expect(withoutHiddenMemories('another', other, isHidden)).toBe(other);
  });
});
