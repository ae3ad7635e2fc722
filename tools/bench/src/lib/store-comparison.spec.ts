import type { BenchReport, SizeReport } from './bench-report';
import { formatStoreComparison } from './store-comparison';

const latency = (p50: number) => ({ count: 30, p50, p95: p50 * 2, mean: p50, min: p50, max: p50 * 3 });

function report(store: BenchReport['store'], recall: number, remember: number): BenchReport {
  const size = {
    size: 1000,
    rawQuery: latency(4),
    recall: latency(recall),
    remember: latency(remember),
    bulk: { importPerSecond: 90 },
  } as unknown as SizeReport;
  return { store, sizes: [size] } as unknown as BenchReport;
}

describe('formatStoreComparison', () => {
  it('shows each store per size and the first store as a share of the others', () => {
    const text = formatStoreComparison([report('sqlite', 20, 60), report('chroma-embedded', 40, 80)]);
    const lines = text.split('\n');
    expect(lines[0]).toContain('sqlite ÷ this store');
    expect(lines[3]).toMatch(/^1k\s+sqlite\s+4\.00\s+20\.0\s+60\.0\s+90\.0$/);
    expect(lines[4]).toMatch(/^1k\s+chroma-embedded\s+4\.00\s+40\.0\s+80\.0\s+90\.0\s+0\.50\s+0\.75$/);
  });
});
