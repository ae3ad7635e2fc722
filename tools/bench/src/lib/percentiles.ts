/**
 * Latency statistics for the benchmark: percentiles by linear interpolation between the closest
 * ranks (the common "type 7" definition), over samples in milliseconds.
 */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** The p-th percentile (0 ≤ p ≤ 100) of the values; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

export function summarize(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) {
    return { count: 0, p50: Number.NaN, p95: Number.NaN, mean: Number.NaN, min: Number.NaN, max: Number.NaN };
  }
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}
