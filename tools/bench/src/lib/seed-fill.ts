/**
 * How a benchmark fills a size beyond its pool of real sentences: embedded for real while the run's
 * budget of seconds lasts, synthetic after; or as an earlier run compared with this one filled it, so
 * that runs side by side search the same kind of collection however fast their engine embeds.
 */
export type FillMode = 'real' | 'synthetic';

export type SizeFills = Readonly<Record<number, FillMode>>;

export function seedFill(
  size: number,
  realSeconds: number,
  budgetSeconds: number,
  fills?: SizeFills,
): FillMode {
  return fills?.[size] ?? (realSeconds <= budgetSeconds ? 'real' : 'synthetic');
}

/** The fill of each size of a finished run, for the runs compared with it. */
export function fillsOf(report: { sizes: readonly { size: number; fill: FillMode }[] }): SizeFills {
  return Object.fromEntries(report.sizes.map((size) => [size.size, size.fill]));
}
