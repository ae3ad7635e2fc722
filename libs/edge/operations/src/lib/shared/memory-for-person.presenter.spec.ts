/** The questions put to the person before a deletion, naming each memory (memoryForPerson): what goes, private memories named only, the undo. */
import type { Memory } from '@kioku/memory';
import { mergeQuestion } from '../merge-memories/merge-question.presenter';
import { forgetIdsQuestion, sweepQuestion } from '../forget/forget-question.presenter';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function memory(id: string, content: string, isPrivate = false): Memory {
  return {
    id,
    content,
    createdAt: '2026-11-18T12:00:00.000Z',
    updatedAt: '2026-11-18T12:00:00.000Z',
    category: 'feeling',
    importance: 2,
    emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
    tags: [],
    isPrivate,
    accessCount: 0,
    lastAccessedAt: null,
    embeddingModel: 'test',
  };
}

describe('questions to the person', () => {
  it('lists what forget deletes, a private memory by its category only, and how long the trash keeps it', () => {
    expect(
      forgetIdsQuestion(
        [memory('mem_aaaaaaaaaaaa', 'The plums are ripe.'), memory('mem_bbbbbbbbbbbb', 'SECRET', true)],
        NOW,
        30,
      ),
    ).toBe(
      [
        'Forget these 2 memories?',
        '- mem_aaaaaaaaaaaa (3d ago): "The plums are ripe."',
        '- mem_bbbbbbbbbbbb (3d ago): a private memory (feeling)',
        'They go to the trash: restore brings them back for 30 days.',
      ].join('\n'),
    );
    expect(forgetIdsQuestion([memory('mem_aaaaaaaaaaaa', 'Plums.')], NOW, 0)).toBe(
      'Forget this memory?\n- mem_aaaaaaaaaaaa (3d ago): "Plums."\nThe trash is off: this cannot be undone.',
    );
  });

  it("gives a sweep's size, its sample with the days since use, and how many more", () => {
    const sample = { id: 'mem_aaaaaaaaaaaa', risk: 250, heat: 3, days: 400.6 };
    expect(sweepQuestion(12, [{ sample, memory: memory(sample.id, 'Lunch was soup.') }], NOW, 30)).toBe(
      [
        'Auto-forget would drop 12 memories that are rarely used and of low importance. Drop them?',
        '- mem_aaaaaaaaaaaa (3d ago): "Lunch was soup.", 400 days since last use',
        '… and 11 more.',
        'They go to the trash: restore brings them back for 30 days.',
      ].join('\n'),
    );
  });

  it("shows a merge's new content only when both memories are public", () => {
    const keep = memory('mem_aaaaaaaaaaaa', 'Tea at four.');
    const open = mergeQuestion(
      { keep, remove: memory('mem_bbbbbbbbbbbb', 'Tea is at 4 pm.'), mergedContent: 'Tea is at four.' },
      NOW,
      30,
    );
    expect(open).toContain(`The kept memory's new content: "Tea is at four."`);
    expect(open).toContain('The removed memory goes to the trash: restore brings it back for 30 days.');
    const withheld = mergeQuestion(
      { keep, remove: memory('mem_bbbbbbbbbbbb', 'SECRET', true), mergedContent: 'SECRET tea' },
      NOW,
      30,
    );
    expect(withheld).not.toContain('SECRET');
    expect(withheld).toContain('not shown: a private memory is involved');
  });
});
