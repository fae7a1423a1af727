/** The nearest-rank quantile `q` (0..1) of ascending samples: of five, p50 is the third and p95 the fifth. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
