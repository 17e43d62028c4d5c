import { RECENT_CUT_DAYS, RECENT_CUT_GLYPH } from '../../../shared/listing-history';
import { DEAL_TEXT, LEGEND_ENTRIES } from '../deal';

export const RECENT_CUT_LEGEND = `Price cut in the last ${RECENT_CUT_DAYS} days`;

/** Top-right legend: 'Property Value Indicators', and the pin's mark of a recent price cut. */
export function MapLegend() {
  return (
    <section className="dm-map-legend" role="region" aria-label={DEAL_TEXT.legendTitle}>
      <h3 className="dm-map-legend-title">{DEAL_TEXT.legendTitle}</h3>
      <ul>
        {LEGEND_ENTRIES.map((e) => (
          <li key={e.label}>
            <span className="dm-map-legend-swatch" style={{ background: e.color }} aria-hidden="true" />
            <span>
              <strong>{e.label}</strong> <span className="dm-map-legend-meaning">{e.meaning}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="dm-map-legend-cut">
        <span className="dm-map-legend-glyph" aria-hidden="true">
          {RECENT_CUT_GLYPH}
        </span>
        <span className="dm-map-legend-meaning">{RECENT_CUT_LEGEND}</span>
      </p>
    </section>
  );
}
