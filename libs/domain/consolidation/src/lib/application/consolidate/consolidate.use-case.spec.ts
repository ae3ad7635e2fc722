import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { consolidationModule } from '../../consolidation.module';
import { ConsolidateUseCase } from './consolidate.use-case';
import { consolidateScenario } from '../../testing/consolidation-test-kit';

describe('ConsolidateUseCase (behaviour §4.8)', () => {
  it('is idempotent: a second run changes no link', async () => {
    const { consolidate, context, linkHealth } = await consolidateScenario();
    await consolidate.execute({}, context);
    const before = (await linkHealth()).links;
    const second = await consolidate.execute({}, context);
    expect(second).toMatchObject({
      linksCreated: 0,
      linksStrengthened: 0,
      linksPruned: 0,
      episodeIdsDropped: 0,
    });
    expect((await linkHealth()).links).toEqual(before);
  });

  it('never proposes protected memories for merging', async () => {
    const kit = createForgettingTestKit({ modules: [consolidationModule()], memory: { linkDistance: 0 } });
    await kit.remember({ content: 'Always keep two backups', importance: 5 });
    await kit.remember({ content: 'Always keep two backups' });
    const result = await kit.container.get(ConsolidateUseCase).execute({}, kit.context);
    expect(result.mergeCandidates).toEqual([]);
  });

  it('only looks at the window', async () => {
    const { consolidate, context } = await consolidateScenario();
    expect(await consolidate.execute({ windowHours: 2.5 }, context)).toMatchObject({ replayed: 2 });
  });
});
