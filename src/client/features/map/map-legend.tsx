import { DEAL_COLORS } from '../../../shared/deal-status';
import { MAP_TEXT } from './map-constants';

export const LEGEND_ENTRIES = [
  { label: 'Good Deal', color: DEAL_COLORS.goodDeal, meaning: 'priced below comps' },
  { label: 'Overpriced', color: DEAL_COLORS.overpriced, meaning: 'priced above comps' },
  { label: 'Market Price', color: DEAL_COLORS.marketPrice, meaning: 'priced within the comp range' },
] as const;

/** Top-right legend: 'Property Value Indicators'. */
export function MapLegend() {
  return (
    <section className="dm-map-legend" role="region" aria-label={MAP_TEXT.legendTitle}>
      <h3 className="dm-map-legend-title">{MAP_TEXT.legendTitle}</h3>
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
