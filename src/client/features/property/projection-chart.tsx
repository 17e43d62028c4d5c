import { useId } from 'react';
import { formatCompactUsd, linearScale, niceTicks } from '../../../shared/chart-scale';

export interface ChartSeries {
  label: string;
  color: string;
  values: readonly number[];
  dashed?: boolean;
}

interface ProjectionChartProps {
  title: string;
  /** A sentence that says what the chart shows, read by screen readers. */
  description: string;
  years: readonly number[];
  lines: readonly ChartSeries[];
  bars?: ChartSeries;
  /** A dashed marker at the year of the sale. */
  markYear?: number;
}

const WIDTH = 640;
const HEIGHT = 280;
/** The top padding holds the sale marker's label, clear of the data. */
const PAD = { left: 64, right: 12, top: 22, bottom: 32 };

/** A money-over-years chart drawn in SVG: optional bars, lines, a zero axis, year ticks and a legend. */
export function ProjectionChart({ title, description, years, lines, bars, markYear }: ProjectionChartProps) {
  const titleId = useId();
  const descId = useId();
  const all = [...lines.flatMap((l) => l.values), ...(bars?.values ?? [])].filter(Number.isFinite);
  const ticks = niceTicks(Math.min(...all, 0), Math.max(...all, 0));
  const y = linearScale(ticks[0], ticks[ticks.length - 1], HEIGHT - PAD.bottom, PAD.top);
  const band = (WIDTH - PAD.left - PAD.right) / Math.max(1, years.length);
  const x = (index: number) => PAD.left + band * (index + 0.5);
  const yearStep = years.length > 15 ? 5 : years.length > 8 ? 2 : 1;
  const series = bars ? [bars, ...lines] : lines;

  return (
    <figure className="dm-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="dm-chart-svg">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g className="dm-chart-grid">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'dm-chart-zero' : undefined} />
              <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                {formatCompactUsd(t)}
              </text>
            </g>
          ))}
        </g>
        {bars ? (
          <g fill={bars.color} aria-hidden="true">
            {bars.values.map((v, i) => (
              <rect
                key={years[i]}
                x={x(i) - band * 0.35}
                width={band * 0.7}
                y={Math.min(y(v), y(0))}
                height={Math.abs(y(v) - y(0))}
              />
            ))}
          </g>
        ) : null}
        {lines.map((line) => (
          <polyline
            key={line.label}
            fill="none"
            stroke={line.color}
            strokeWidth={2.25}
            strokeDasharray={line.dashed ? '6 4' : undefined}
            points={line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
            aria-hidden="true"
          />
        ))}
        {markYear !== undefined && markYear >= 1 && markYear <= years.length ? (
          <g className="dm-chart-mark" aria-hidden="true">
            <line x1={x(markYear - 1)} x2={x(markYear - 1)} y1={PAD.top} y2={HEIGHT - PAD.bottom} />
            <text x={x(markYear - 1)} y={PAD.top - 8} textAnchor="middle">
              Sale
            </text>
          </g>
        ) : null}
        <g className="dm-chart-years">
          {years.map((year, i) =>
            year === 1 || year % yearStep === 0 ? (
              <text key={year} x={x(i)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle">
                {year}
              </text>
            ) : null,
          )}
          <text x={WIDTH - PAD.right} y={HEIGHT - 2} textAnchor="end">
            Year
          </text>
        </g>
      </svg>
      <figcaption>
        <ul className="dm-chart-legend">
          {series.map((s) => (
            <li key={s.label}>
              <span className={`dm-chart-swatch${s === bars ? ' dm-chart-swatch-bar' : ''}`} style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
