/** Scores and similarities in structured results are rounded so that they read as what they mean. */
export const round2 = (x: number): number => Math.round(x * 100) / 100;
export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
