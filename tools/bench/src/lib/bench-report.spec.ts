import { formatBenchReport, formatDuration, type BenchReport, type SizeReport } from './bench-report';
import { summarize } from './percentiles';
import { targetChecks } from './target-checks';

const latency = (p50: number) => ({ ...summarize([p50]), p50, p95: p50 * 1.5, mean: p50 });

function size(n: number, synthetic: number, recallMs: number): SizeReport {
  return {
    size: n,
    namespace: `bench-${n}`,
    fill: synthetic > 0 ? 'synthetic' : 'real',
    seeding: { real: n - synthetic, synthetic, refused: 0, seconds: 2 },
    embed: latency(20),
    rawQuery: latency(8),
    rawQueryWithVectors: latency(9),
    rawLexicalQuery: latency(3),
    rawWrite: latency(30),
    recall: { ...latency(recallMs), count: 50 },
    remember: { ...latency(90), count: 50 },
    rememberRefused: 0,
    recallEmpty: 0,
    recallProfile: [{ operation: 'store.find[memories]', calls: 50, totalMs: 1500 }],
    rememberProfile: [{ operation: 'store.upsert[memories]', calls: 50, totalMs: 1500 }],
    bulk: {
      texts: 320,
      batchSize: 64,
      saved: 320,
      importPerSecond: 50,
      sequentialPerSecond: 40,
      embedPerSecond: 55,
      batch: summarize([80]),
      profile: [],
    },
    measureSeconds: 30,
    samples: {},
  };
}

function report(sizes: SizeReport[]): BenchReport {
  return {
    startedAt: '2025-01-01T00:00:00.000Z',
    totalSeconds: 103,
    environment: { node: 'v20.0.0', platform: 'linux-x64', cpus: 2, cpuModel: 'test cpu' },
    store: 'chroma-embedded',
    embeddingModel: 'local:test',
    dimension: 768,
    dataDir: '/tmp/kioku-bench-x',
    kept: false,
    startupSeconds: 1.2,
    options: {
      queries: 50,
      warmUpCalls: 5,
      bulk: 320,
      batchSize: 64,
      conversation: 600,
      pool: 1000,
      realSeedBudgetSeconds: 60,
      seed: 1,
    },
    pool: {
      size: 1000,
      seconds: 20,
      perSecond: 50,
      batchSize: 64,
      siblingPairs: 64,
      siblingDistanceMedian: 0.112,
    },
    sizes,
    checks: targetChecks(sizes),
  };
}

describe('formatBenchReport', () => {
  it('says which part of the seed data was synthetic, how it was made and how it was saved', () => {
    const text = formatBenchReport(report([size(1000, 0, 30), size(10_000, 9000, 40)]));
    expect(text).toContain('1k: 1000 real, saved through remember_batch and remember in 2.0 s (0 refused');
    expect(text).toContain('seeds are saved as users save them');
    expect(text).toContain('10k: 1000 real + 9000 SYNTHETIC');
    expect(text).toMatch(
      /synthetic = a pool vector moved by the cosine distance of a real sibling pair \(median 0\.112 over 64 pairs\)/,
    );
  });

  it('leaves the synthetic explanation out when everything is real', () => {
    expect(formatBenchReport(report([size(1000, 0, 30)]))).not.toContain('synthetic =');
  });

  it('prints the latency, target and profile tables, the verdict and the total time', () => {
    const text = formatBenchReport(report([size(1000, 0, 30), size(10_000, 9000, 60)]));
    expect(text).toContain('behaviour §11 targets');
    expect(text).toContain('store.find[memories]');
    expect(text).toContain(
      'one remember_batch of 64 80.0 / 80.0, one at a time 40.0/s (0.73 of embed batch), 320 of 320 saved in flight',
    );
    expect(text).toMatch(/recall\(10k\) ≤ 1\.5 × recall\(1k\)\s+10k vs 1k .* MISS/);
    expect(text).toMatch(/targets met; missed: .*recall\(10k\) ≤ 1\.5 × recall\(1k\) at 10k vs 1k \(2\.00\)/);
    expect(text).toContain('Total time: 1 min 43 s');
  });

  it('prints the conversation ingested one at a time, with batches in flight and one batch at a time', () => {
    const conversation = {
      turns: 600,
      batchSize: 64,
      oneAtATimeSeconds: 36,
      batchSeconds: 6,
      sequentialBatchSeconds: 8,
    };
    const text = formatBenchReport({ ...report([size(1000, 0, 30)]), conversation });
    expect(text).toContain(
      'conversation of 600 turns: one remember at a time 36.0 s (16.7/s), remember_batch of 64, 2 in flight, ' +
        '6.0 s (100.0/s): 6.0× faster; one batch at a time 8.0 s (4.5×)',
    );
  });

  it('says so when every target is met', () => {
    expect(formatBenchReport(report([size(1000, 0, 30)]))).toContain('All 3 targets met.');
  });
});

describe('formatDuration', () => {
  it('uses seconds below a minute and minutes with seconds above', () => {
    expect(formatDuration(12.34)).toBe('12.3 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
  });
});
