/** How the benches print the figures of their runs. */
import { median } from '../../src/shared/stats';

/** A count or a rate with thousands separators: 12,345. */
export const formatCount = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "min / median" of some runs' figures (nulls, runs without the figure, left out; '—' for none). */
export function minMedian(values: ReadonlyArray<number | null>, format: (v: number) => string = formatCount): string {
  const figures = values.filter((v): v is number => v !== null);
  return figures.length ? `${format(Math.min(...figures))} / ${format(median(figures))}` : '—';
}

/** The value at fraction `p` (0.95: the 95th percentile) of ascending `sorted`, by the nearest rank below; NaN for none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] : NaN;
