/** Test helpers: a load run's result and a report, every field plausible, any of them overridden. */
import type { LoadReport } from '../load-report';
import type { TransportResult } from '../load-run';

export function transportResult(overrides: Partial<TransportResult> = {}): TransportResult {
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

export function loadReport(overrides: Partial<LoadReport> = {}): LoadReport {
  return {
    startedAt: '2026-11-26T00:00:00.000Z',
    node: 'v20.20.2',
    gateway: 'started',
    keys: 6,
    namespaces: 3,
    rememberShare: 0.25,
    embedPerSecond: 100,
    loadAverage: [1, 2, 3],
    runs: [],
    ...overrides,
  };
}
