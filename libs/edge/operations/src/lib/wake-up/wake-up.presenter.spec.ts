import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { wakeUpText } from './wake-up.presenter';
import { WakeUpUseCase, consolidationModule } from '@kioku/consolidation';

describe('WakeUpUseCase (behaviour §4.11)', () => {
  const setup = () => {
    const kit = createForgettingTestKit({ modules: [consolidationModule()] });
    return { ...kit, wakeUp: kit.container.get(WakeUpUseCase) };
  };

  it('greets an empty memory with the private-memory offer only', async () => {
    const { wakeUp, context, clock } = setup();
    expect(wakeUpText(await wakeUp.execute({}, context), clock.now())).toBe(
      'You have no memories yet.\nIf something is hard to say yet, you can keep it with remember(private=true).',
    );
  });

  it('shows the count, the three newest, the latest introspection and the private hint, briefly', async () => {
    const { wakeUp, context, clock, remember } = setup();
    await remember({ content: 'An old introspection about patience', category: 'introspection' });
    clock.advanceDays(400);
    await remember({
      content: 'Newer introspection: I want to listen more than I talk in meetings',
      category: 'introspection',
    });
    clock.advanceDays(1);
    for (const content of ['First of today', 'Second of today', 'A private worry about the move']) {
      await remember({ content, private: content.includes('private') });
      clock.advance(3_600_000);
    }
    const text = wakeUpText(await wakeUp.execute({}, context), clock.now());
    const lines = text.split('\n');
    expect(lines[0]).toBe('You have 5 memories.');
    expect(lines[1]).toBe('Most recent:');
    expect(lines[2]).toMatch(
      /^- \[1h ago\] A private worry about the move \(id: mem_[0-9a-f]{12}, private\)$/,
    );
    expect(lines[3]).toMatch(/^- \[2h ago\] Second of today \(id: mem_[0-9a-f]{12}\)$/);
    expect(lines[4]).toMatch(/^- \[3h ago\] First of today/);
    expect(lines[5]).toBe(
      'Latest introspection (1d ago): Newer introspection: I want to listen more than I talk in meetings',
    );
    expect(lines[6]).toBe('If something is hard to say yet, you can keep it with remember(private=true).');
    expect(text.length).toBeLessThan(1200);
  });
});
