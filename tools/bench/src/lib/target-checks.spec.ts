import { summarize } from './percentiles';
import {
  recallReference,
  rememberReference,
  sizeLabel,
  targetChecks,
  type SizeMeasurements,
} from './target-checks';

function latency(p50: number, p95 = p50 * 2) {
  return { ...summarize([p50]), p50, p95 };
}

function measurements(size: number, overrides: Partial<SizeMeasurements> = {}): SizeMeasurements {
  return {
    size,
    seeding: { real: size, synthetic: 0, refused: 0, seconds: 1 },
    embed: latency(20),
    rawQuery: latency(3),
    rawLexicalQuery: latency(2),
    rawWrite: latency(4),
    recall: latency(30),
    remember: latency(40),
    rememberRefused: 0,
    bulk: {
      texts: 320,
      batchSize: 64,
      saved: 320,
      importPerSecond: 45,
      sequentialPerSecond: 45,
      embedPerSecond: 50,
      batch: summarize([80]),
      profile: [],
    },
    ...overrides,
  };
}

describe('references', () => {
  it('adds embed, one vector and one lexical query for recall; embed, two queries and a write for remember', () => {
    const m = measurements(1000);
    expect(recallReference(m)).toBe(25);
    expect(rememberReference(m)).toBe(30);
    expect(recallReference(m, 'p95')).toBe(50);
  });
});

describe('targetChecks', () => {
  it('judges recall and remember per size on p50, with the p95 ratio beside', () => {
    const [recall, remember] = targetChecks([measurements(1000)]);
    expect(recall).toMatchObject({
      scope: '1k',
      measured: 30,
      reference: 25,
      ratio: 1.2,
      ratioP95: 1.2,
      limit: 1.25,
      pass: true,
    });
    expect(remember).toMatchObject({ scope: '1k', measured: 40, reference: 30, limit: 1.5, pass: true });
    expect(remember.ratio).toBeCloseTo(40 / 30);
  });

  it('marks a ratio above its limit as a miss', () => {
    const [recall, remember] = targetChecks([
      measurements(1000, { recall: latency(40), remember: latency(60) }),
    ]);
    expect(recall.pass).toBe(false);
    expect(remember.pass).toBe(false);
  });

  it('passes a ratio exactly at its limit', () => {
    const [recall] = targetChecks([measurements(1000, { recall: latency(31.25) })]);
    expect(recall.pass).toBe(true);
  });

  it('compares recall at the largest size with the smallest, whatever the input order', () => {
    const checks = targetChecks([measurements(10_000, { recall: latency(50) }), measurements(1_000)]);
    const scaling = checks.find((c) => c.scope === '10k vs 1k');
    expect(scaling).toMatchObject({ measured: 50, reference: 30, pass: false });
    expect(scaling?.ratio).toBeCloseTo(5 / 3);
  });

  it('has no scaling check for a single size', () => {
    expect(targetChecks([measurements(1000)]).some((c) => c.scope.includes('vs'))).toBe(false);
  });

  it('needs bulk import at 80 % or more of the embedding throughput', () => {
    const pass = targetChecks([measurements(1000)]).find((c) => c.unit === '/s');
    const miss = targetChecks([
      measurements(1000, {
        bulk: {
          texts: 320,
          batchSize: 64,
          saved: 320,
          importPerSecond: 30,
          sequentialPerSecond: 30,
          embedPerSecond: 50,
          batch: summarize([80]),
          profile: [],
        },
      }),
    ]).find((c) => c.unit === '/s');
    expect(pass).toMatchObject({ ratio: 0.9, direction: 'at least', pass: true });
    expect(pass?.ratioP95).toBeUndefined();
    expect(miss).toMatchObject({ ratio: 0.6, pass: false });
  });

  it('needs a conversation through remember_batch at least 5 times as fast as one remember at a time', () => {
    const conversation = (batchSeconds: number) =>
      targetChecks([measurements(1000)], {
        turns: 600,
        batchSize: 64,
        oneAtATimeSeconds: 60,
        batchSeconds,
        sequentialBatchSeconds: 20,
      }).find((c) => c.name.startsWith('conversation'));
    expect(conversation(10)).toMatchObject({
      scope: '600 turns',
      ratio: 6,
      measured: 60,
      reference: 10,
      pass: true,
    });
    expect(conversation(15)).toMatchObject({ ratio: 4, pass: false });
    expect(targetChecks([measurements(1000)]).some((c) => c.name.startsWith('conversation'))).toBe(false);
  });
});

describe('sizeLabel', () => {
  it('writes thousands with k', () => {
    expect(sizeLabel(1000)).toBe('1k');
    expect(sizeLabel(100_000)).toBe('100k');
    expect(sizeLabel(1500)).toBe('1500');
  });
});
