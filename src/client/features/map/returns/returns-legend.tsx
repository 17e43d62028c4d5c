import { RETURNS_BINS, returnsLegendTitle } from '../../../../shared/returns-map';
import type { ReturnsMap } from './use-returns-map';

export const RETURNS_TEXT = {
  legendLabel: 'Returns legend',
  darker: 'Darker is a higher return; ∞: no cash in.',
  loading: 'Loading returns…',
  failed: 'The returns could not be loaded. Move the map to try again.',
  none: 'No property in view has a figure for this strategy.',
  tableLabel: 'Returns by area',
  place: 'Area',
  median: 'Median',
  count: 'Properties',
  range: 'Middle 80%',
} as const;

/** What the heat map says besides its cells: loading, failed, or nothing in view (null when cells are shown). */
export function returnsStatus(returns: ReturnsMap): string | null {
  if (returns.failed) return RETURNS_TEXT.failed;
  if (returns.cells === null) return RETURNS_TEXT.loading;
  if (returns.cells.length === 0) return returns.loading ? RETURNS_TEXT.loading : RETURNS_TEXT.none;
  return null;
}

/** Top-right while the heat map is on: which strategy's median it shows, and its bins as text. */
export function ReturnsLegend({ returns }: { returns: ReturnsMap }) {
  const status = returnsStatus(returns);
  return (
    <section
      className="dm-map-legend dm-returns-legend"
      role="region"
      aria-label={RETURNS_TEXT.legendLabel}
      data-testid="returns-legend"
    >
      <h3 className="dm-map-legend-title">{returnsLegendTitle(returns.strategy)}</h3>
      <ul>
        {RETURNS_BINS.map((bin) => (
          <li key={bin.label}>
            <span className="dm-returns-swatch" style={{ background: bin.fill }} aria-hidden="true" />
            <span>{bin.label}</span>
          </li>
        ))}
      </ul>
      <p className="dm-map-legend-meaning dm-returns-note">{RETURNS_TEXT.darker}</p>
      {status ? (
        <p className="dm-map-legend-meaning dm-returns-note" role="status">
          {status}
        </p>
      ) : null}
    </section>
  );
}
