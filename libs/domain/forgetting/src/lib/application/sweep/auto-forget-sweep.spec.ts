import { MemoryRepository, type Memory } from '@kioku/memory';
import { createForgettingTestKit } from '../../testing/forgetting-test-kit';
import { evaluate } from '../../domain/auto-forget.policy';
import { ForgetUseCase } from '../forget/forget.use-case';
import { TrashRepository } from '../trash.repository';

const SIZE = 10_000;
const CATEGORIES = ['daily', 'technical', 'feeling', 'lesson', 'conversation'] as const;

/** A deterministic spread of ages, importances, accesses and categories. */
function seedMemory(i: number, now: Date): Memory {
  const ageDays = (i * 7919) % 400;
  const createdAt = new Date(now.getTime() - ageDays * 86_400_000).toISOString();
  const accessCount = i % 9 === 0 ? i % 37 : 0;
  const accessedDaysAgo = accessCount > 0 ? (i * 31) % (ageDays + 1) : null;
  return {
    id: `mem_${i.toString(16).padStart(12, '0')}`,
    content: `Seeded memory number ${i}`,
    createdAt,
    updatedAt: createdAt,
    category: CATEGORIES[i % CATEGORIES.length],
    importance: 1 + (i % 5),
    emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
    tags: [],
    isPrivate: i % 11 === 0,
    accessCount,
    lastAccessedAt:
      accessedDaysAgo === null ? null : new Date(now.getTime() - accessedDaysAgo * 86_400_000).toISOString(),
    embeddingModel: 'fake:hash-128',
  };
}

describe('the auto-forget sweep on 10k memories', () => {
  const kit = createForgettingTestKit();
  const forget = kit.container.get(ForgetUseCase);
  const repo = kit.container.get(MemoryRepository);
  const now = kit.clock.now();
  const seeded = Array.from({ length: SIZE }, (_, i) => seedMemory(i, now));
  const expected = seeded.map((m) => ({ m, verdict: evaluate(m, now, ['lesson']) }));
  const expectedDrop = new Set(expected.filter((e) => e.verdict.action === 'drop').map((e) => e.m.id));
  const expectedCompress = expected.filter((e) => e.verdict.action === 'compress').length;

  beforeAll(async () => {
    const vector = (await kit.embeddings.embed(['seed']))[0];
    for (const memory of seeded) await repo.save('test', memory, vector);
  });

  it('reports exactly what the policy says, with a reason per sample, and deletes nothing', async () => {
    expect(expectedDrop.size).toBeGreaterThan(100);
    expect(expectedCompress).toBeGreaterThan(100);
    const result = await forget.execute({ sweep: true }, kit.context);
    if (result.mode !== 'sweep_report') throw new Error(result.mode);
    expect(result.scan.scanned).toBe(SIZE);
    expect(result.scan.toDrop).toBe(expectedDrop.size);
    expect(result.scan.toCompress).toBe(expectedCompress);
    expect(new Set(result.scan.dropIds)).toEqual(expectedDrop);
    expect(result.scan.samplesToDrop).toHaveLength(10);
    for (const sample of [...result.scan.samplesToDrop, ...result.scan.samplesToCompress]) {
      const verdict = expected.find((e) => e.m.id === sample.id)!.verdict;
      expect(sample.risk).toBeCloseTo(verdict.risk, 1);
      expect(sample.heat).toBeCloseTo(verdict.heat, 1);
      expect(sample.days).toBeCloseTo(verdict.days, 1);
    }
    for (const id of expectedDrop) expect(seeded.find((m) => m.id === id)!.category).not.toBe('lesson');
    expect(await repo.count('test')).toBe(SIZE);
  });

  it('counts the protected memories and samples them at the risk they would have without protection', async () => {
    const result = await forget.execute({ sweep: true }, kit.context);
    if (result.mode !== 'sweep_report') throw new Error(result.mode);
    const protectedOnes = expected.filter((e) => e.verdict.protected);
    expect(result.scan.protected).toBe(protectedOnes.length);
    expect(result.scan.samplesProtected).toHaveLength(10);
    for (const sample of result.scan.samplesProtected) {
      const { m, verdict } = protectedOnes.find((e) => e.m.id === sample.id)!;
      expect(m.importance === 5 || m.category === 'lesson').toBe(true);
      const unprotected = evaluate(
        { ...m, importance: Math.min(m.importance, 4), category: 'daily' },
        now,
        [],
      );
      if (m.importance < 5) expect(sample.risk).toBeCloseTo(unprotected.risk, 1);
      expect(sample.days).toBeCloseTo(verdict.days, 1);
    }
    // Not the zero that protection gives: a protected category's old memory shows its real risk.
    expect(result.scan.samplesProtected.some((s) => s.risk > 0)).toBe(true);
  });

  it('executes only after a dry run by the same caller within the window', async () => {
    expect(
      await forget.execute({ sweep: true, dryRun: false }, { ...kit.context, callerId: 'someone-else' }),
    ).toMatchObject({ mode: 'sweep_needs_dry_run' });
    await forget.execute({ sweep: true }, kit.context);
    kit.clock.advance(5 * 60_000 + 1);
    expect(await forget.execute({ sweep: true, dryRun: false }, kit.context)).toMatchObject({
      mode: 'sweep_needs_dry_run',
    });
    expect(await repo.count('test')).toBe(SIZE);
  });

  it('drops only what the dry run listed and still is due, restorable from the trash', async () => {
    kit.clock.set(now);
    await forget.execute({ sweep: true }, kit.context);
    const [touched, ...rest] = [...expectedDrop];
    await repo.patch('test', [
      {
        id: touched,
        metadata: { accessCount: 10, lastAccessedAt: now.toISOString(), lastAccessedAtMs: now.getTime() },
      },
    ]);
    kit.clock.advance(60_000);
    const result = await forget.execute({ sweep: true, dryRun: false }, kit.context);
    if (result.mode !== 'sweep_executed') throw new Error(result.mode);
    expect(new Set(result.drop.dropped)).toEqual(new Set(rest));
    expect(result.drop.kept).toEqual([touched]);
    expect(await repo.count('test')).toBe(SIZE - rest.length);
    expect(await kit.container.get(TrashRepository).get('test', rest[0])).toMatchObject({
      reason: 'auto_forget',
    });
    expect(await forget.execute({ sweep: true, dryRun: false }, kit.context)).toMatchObject({
      mode: 'sweep_needs_dry_run',
    });
  });
});
