import { recallStructured, recallText } from './recall.presenter';
import { recallSetup } from '@kioku/memory/testing';

describe('RecallUseCase', () => {
  it('finds the memory closest in meaning first and prints id and private flag on every line', async () => {
    const { save, recall, context, clock } = recallSetup();
    const tea = await save({ content: 'The user drinks green tea every morning', emotion: 'calm' });
    const secret = await save({ content: 'I worry that the user drinks too much tea', private: true });
    await save({ content: 'The stock market fell sharply on Friday' });
    clock.advanceDays(2);
    const result = await recall.execute({ query: 'green tea in the morning', limit: 2 }, context);
    expect(result.results.map((r) => r.memory.id)).toEqual([tea.id, secret.id]);
    const text = recallText(result, clock.now());
    const lines = text.split('\n');
    expect(lines[0]).toBe('2 related memories:');
    expect(lines[1]).toMatch(
      new RegExp(
        `^1\\. \\[2d ago\\] The user drinks green tea every morning \\(id: ${tea.id}, emotion: calm, importance: 3, similarity: 0\\.\\d\\d, private: false\\)$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^2\\. .*\\(id: ${secret.id}, .*private: true\\)$`));
    expect(text.endsWith('\n\n---\nHow do these memories connect to the current moment?')).toBe(true);
    expect(recallStructured(result).results.map((r) => r.private)).toEqual([false, true]);
  });

  it('says so when nothing is found', async () => {
    const { recall, context, clock } = recallSetup();
    const result = await recall.execute({ query: 'anything' }, context);
    expect(recallText(result, clock.now())).toBe('No related memories found.');
  });
});
