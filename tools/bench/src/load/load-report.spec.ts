import { formatLoadReport, latencyTargetsFloor, loadChecks, type LoadReport } from './load-report';
import { isRemember, operationStats, type TransportResult } from './load-run';

function run(overrides: Partial<TransportResult> = {}): TransportResult {
  return {
    transport: 'rest',
    clients: 50,
    requests: 1000,
    seconds: 12.5,
    requestsPerSecond: 80,
    latency: {
      remember: { count: 250, p50: 300, p95: 900, p99: 1100, max: 1300 },
      recall: { count: 750, p50: 90, p95: 250, p99: 320, max: 400 },
    },
    errors: 0,
    firstErrors: [],
    saved: 240,
    duplicates: 10,
    lost: [],
    crossed: [],
    samples: { remember: [], recall: [] },
    ...overrides,
  };
}

describe('the load report', () => {
  it('passes a run that meets every target and misses one that does not', () => {
    expect(loadChecks(run()).every((c) => c.pass)).toBe(true);
    const slow = run({
      requestsPerSecond: 30,
      latency: { ...run().latency, remember: { count: 250, p50: 6000, p95: 7500, p99: 8000, max: 9000 } },
      errors: 2,
      lost: ['mem_1'],
    });
    expect(
      loadChecks(slow)
        .filter((c) => !c.pass)
        .map((c) => c.name),
    ).toEqual(['≥ 60 requests/s', 'remember p95 ≤ 1000 ms', '0 errors', '0 lost']);
  });

  it('prints requests/s as a share of the embedder and the percentiles per operation', () => {
    const report: LoadReport = {
      startedAt: '2026-11-26T00:00:00.000Z',
      node: 'v20.20.2',
      gateway: 'started',
      keys: 6,
      namespaces: 3,
      rememberShare: 0.25,
      embedPerSecond: 160,
      loadAverage: [1, 2, 3],
      runs: [run(), run({ transport: 'mcp', crossed: ['mem_9 recalled in load-b'] })],
    };
    const text = formatLoadReport(report);
    expect(text).toContain('1000 requests in 12.5 s = 80.0 requests/s (0.50 of embed batch /s)');
    expect(text).toMatch(/rest\s+\|?\s*remember\s+\|?\s*250\s+\|?\s*300\.0\s+\|?\s*900\.0\s+\|?\s*1100\.0/);
    expect(text).toContain('crossed: mem_9 recalled in load-b');
    expect(text).toContain(
      "the latency targets with 50 clients back to back need ≥ 105 requests/s (Little's law; 0.66 of embed batch /s)",
    );
    expect(text).toMatch(/mcp\s+\|?\s*0 crossed\s+\|?\s*1\s+\|?\s*MISS/);
  });

  it("finds the throughput the latency targets need by Little's law", () => {
    // 50 clients; mean latency at most 0.25 × 1 s + 0.75 × 0.3 s = 0.475 s, so at least 50 / 0.475 requests/s.
    expect(latencyTargetsFloor(50, 0.25)).toBeCloseTo(105.26, 2);
    expect(latencyTargetsFloor(10, 0)).toBeCloseTo(33.33, 2);
    expect(latencyTargetsFloor(50, 1)).toBe(50);
  });

  it('spreads remembers evenly over clients and requests', () => {
    let remembers = 0;
    for (let client = 0; client < 50; client++)
      for (let n = 0; n < 20; n++) if (isRemember(client, n, 0.25)) remembers++;
    expect(remembers).toBeGreaterThanOrEqual(245);
    expect(remembers).toBeLessThanOrEqual(255);
    expect(operationStats([10, 20, 30, 40])).toMatchObject({ count: 4, p50: 25, max: 40 });
  });
});
