import { theme } from 'antd';
import { useSelector } from 'react-redux';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendMonth } from '../../../shared/schemas/market-trends';
import { METRICS, metricValue, monthLabel, type ChartMetric } from '../../../shared/trends';
import { selectThemeMode } from '../../components/theme-mode';

/** A market's line: its name and months. */
export interface ChartSeries {
  id: string;
  label: string;
  months: readonly TrendMonth[];
}

export interface TrendChartProps {
  metric: ChartMetric;
  series: readonly ChartSeries[];
  /** A value to mark across the chart (this property's $/sq ft or rent). */
  reference?: { value: number; label: string };
  height?: number;
  /** The chart's accessible name and description (the figures are also in the table beside it). */
  title: string;
  description: string;
}

/**
 * Each series has its colour, its dash and its marker, so lines are told apart without colour
 * (WCAG 1.4.1); the colours keep 3:1 against the card in either theme.
 */
const PALETTE = {
  light: ['#1668dc', '#c2410c', '#237804'],
  dark: ['#4f9cf9', '#f0883e', '#73d13d'],
} as const;
const DASHES = [undefined, '7 4', '2 3'] as const;
const MARKERS = ['circle', 'square', 'triangle'] as const;

/** The marker of series `index` at a point (Recharts draws it where a dot goes). */
function marker(index: number, color: string) {
  const shape = MARKERS[index % MARKERS.length];
  return ({ cx, cy, key }: { cx?: number; cy?: number; key?: React.Key | null }) => {
    if (cx === undefined || cy === undefined) return <g key={key ?? undefined} />;
    if (shape === 'square') return <rect key={key ?? undefined} x={cx - 3} y={cy - 3} width={6} height={6} fill={color} />;
    if (shape === 'triangle')
      return <path key={key ?? undefined} d={`M${cx},${cy - 4}L${cx + 4},${cy + 3}L${cx - 4},${cy + 3}Z`} fill={color} />;
    return <circle key={key ?? undefined} cx={cx} cy={cy} r={3} fill={color} />;
  };
}

/**
 * One metric over the months, a line for each market (Recharts: SVG, and its accessibility layer:
 * the chart takes focus and the arrow keys walk the months, the tooltip announcing each). A month
 * whose figure has too few records is a gap in the line.
 */
export default function TrendChart({ metric, series, reference, height = 260, title, description }: TrendChartProps) {
  const mode = useSelector(selectThemeMode);
  const { token } = theme.useToken();
  const spec = METRICS[metric];
  const colors = PALETTE[mode];
  const months = series[0]?.months ?? [];
  const data = months.map((m, i) => {
    const row: Record<string, string | number | null> = { month: m.month, label: monthLabel(m.month) };
    series.forEach((s, k) => {
      row[`s${k}`] = s.months[i] ? metricValue(s.months[i], metric) : null;
    });
    return row;
  });
  const text = { fill: token.colorTextSecondary, fontSize: 12 };
  return (
    <LineChart
      responsive
      style={{ width: '100%', height }}
      data={data}
      margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
      title={title}
      desc={description}
    >
      <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
      <XAxis dataKey="label" tick={text} tickLine={false} axisLine={{ stroke: token.colorBorder }} minTickGap={24} />
      <YAxis
        domain={['auto', 'auto']}
        tick={text}
        tickLine={false}
        axisLine={false}
        width={64}
        tickFormatter={(v: number) => spec.tick(v)}
      />
      <Tooltip
        formatter={(value) => (typeof value === 'number' ? spec.format(value) : '—')}
        contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }}
        itemStyle={{ color: token.colorText }}
        labelStyle={{ color: token.colorText }}
      />
      {series.length > 1 ? (
        <Legend
          formatter={(value: string) => <span style={{ color: token.colorText }}>{value}</span>}
          wrapperStyle={{ fontSize: 12 }}
        />
      ) : null}
      {reference ? (
        <ReferenceLine
          y={reference.value}
          stroke={token.colorText}
          strokeDasharray="4 4"
          ifOverflow="extendDomain"
          label={{ value: reference.label, position: 'insideTopLeft', fill: token.colorText, fontSize: 12 }}
        />
      ) : null}
      {series.map((s, k) => (
        <Line
          key={s.id}
          type="monotone"
          dataKey={`s${k}`}
          name={s.label}
          stroke={colors[k % colors.length]}
          strokeWidth={2}
          strokeDasharray={DASHES[k % DASHES.length]}
          dot={months.length <= 36 ? marker(k, colors[k % colors.length]) : false}
          activeDot={{ r: 5 }}
          legendType={MARKERS[k % MARKERS.length]}
          isAnimationActive={false}
          connectNulls={false}
        />
      ))}
    </LineChart>
  );
}
