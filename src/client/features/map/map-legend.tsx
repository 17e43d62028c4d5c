import { DEAL_TEXT, LEGEND_ENTRIES } from '../deal';

/** Top-right legend: 'Property Value Indicators'. */
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
    </section>
  );
}
