import { formatLoadReport, loadChecks, rateHolds } from './load-report';
import { isRemember, operationStats } from './load-run';
import { loadReport, transportResult } from './testing/load-results';

describe('the load report', () => {
  it('passes a closed-loop run that meets every target and misses one that does not', () => {
    expect(loadChecks(transportResult(), 90).every((c) => c.pass)).toBe(true);
    const slow = transportResult({
      requestsPerSecond: 30,
      latency: {
        ...transportResult().latency,
        remember: { count: 250, p50: 6000, p95: 7500, p99: 8000, max: 9000 },
      },
      errors: 2,
      lost: ['mem_1'],
    });
    expect(
      loadChecks(slow, 90)
        .filter((c) => !c.pass)
        .map((c) => c.name),
    ).toEqual(['≥ 0.85 × embed batch /s', '0 errors', '0 lost']);
    const slowRecall = transportResult({
      latency: { ...transportResult().latency, recall: { count: 750, p50: 90, p95: 301, p99: 1, max: 1 } },
    });
    expect(loadChecks(slowRecall, 90).find((c) => !c.pass)?.name).toBe('recall p95 ≤ 300 ms');
  });

  it('holds an open-loop run to its own latency targets, and find-rate to recall p95 ≤ 300 ms', () => {
    const open = transportResult({ offeredRate: 54 });
    expect(loadChecks(open, 90).map((c) => [c.transport, c.name, c.pass])).toEqual([
      ['rest @ 54.0/s', 'recall p95 ≤ 150 ms', false],
      ['rest @ 54.0/s', 'remember p95 ≤ 600 ms', false],
      ['rest @ 54.0/s', '0 errors', true],
      ['rest @ 54.0/s', '0 lost', true],
      ['rest @ 54.0/s', '0 crossed', true],
    ]);
    expect(rateHolds(open)).toBe(true);
    expect(rateHolds(transportResult({ offeredRate: 54, errors: 1 }))).toBe(false);
    expect(
      rateHolds(
        transportResult({
          offeredRate: 54,
          latency: { ...transportResult().latency, recall: { count: 1, p50: 1, p95: 301, p99: 1, max: 1 } },
        }),
      ),
    ).toBe(false);
  });

  it('prints requests/s as a share of the embedder and the percentiles per operation', () => {
    const text = formatLoadReport(
      loadReport({
        embedPerSecond: 160,
        runs: [
          transportResult({ gatewayCpu: { eventLoopMs: 8.84, processMs: 24.06 } }),
          transportResult({ transport: 'mcp', crossed: ['mem_9 recalled in load-b'] }),
        ],
      }),
    );
    expect(text).toContain('gateway CPU a request: 24.1 ms in all, 8.8 ms of it on the event loop');
    expect(text.match(/gateway CPU/g)).toHaveLength(1);
    expect(text).toContain('1000 requests in 12.5 s = 80.0 requests/s (0.50 of embed batch /s)');
    expect(text).toMatch(/rest\s+\|?\s*remember\s+\|?\s*250\s+\|?\s*300\.0\s+\|?\s*900\.0\s+\|?\s*1100\.0/);
    expect(text).toContain('crossed: mem_9 recalled in load-b');
    expect(text).toMatch(/mcp\s+\|?\s*0 crossed\s+\|?\s*1\s+\|?\s*MISS/);
  });

  it('prints the rates tried and the rate found', () => {
    const text = formatLoadReport(
      loadReport({
        embedPerSecond: 100,
        runs: [transportResult({ offeredRate: 25 }), transportResult({ offeredRate: 50 })],
        foundRates: { rest: 50, mcp: null },
      }),
    );
    expect(text).toContain(
      'rest @ 25.0/s: 50 clients, offered 25.0/s (0.25 of embed batch /s), 1000 requests',
    );
    expect(text).toContain(
      'rest: highest rate with recall p95 ≤ 300 ms and nothing failed: 50.0 requests/s (0.50 of embed batch /s)',
    );
    expect(text).toContain('mcp: no rate tried kept recall p95 ≤ 300 ms with nothing failed');
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
