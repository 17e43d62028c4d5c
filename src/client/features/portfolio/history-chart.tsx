import { theme } from 'antd';
import { useSelector } from 'react-redux';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactUsd } from '../../../shared/chart-scale';
import { formatCurrency } from '../../../shared/format';
import type { PortfolioHistoryMonth } from '../../../shared/schemas/portfolio';
import { selectThemeMode } from '../../components/theme-mode';
import { monthText } from './figure-text';
import { HISTORY_CHARTS, seriesValue, type HistoryKind } from './history-series';

export interface HistoryChartProps {
  kind: HistoryKind;
  months: readonly PortfolioHistoryMonth[];
  height: number;
  description: string;
}

/**
 * The colours keep 3:1 against the card in either theme; the projection is dashed and each actual
 * line has its own dash or none, so no line is told from another by colour alone (WCAG 1.4.1).
 */
const PALETTE = {
  light: { actual: ['#1668dc', '#237804', '#6d28d9'], projected: '#c2410c' },
  dark: { actual: ['#4f9cf9', '#73d13d', '#a78bfa'], projected: '#f0883e' },
} as const;
const ACTUAL_DASHES = [undefined, '2 3', '9 3 2 3'] as const;

/** One of the history charts (Recharts, loaded with the first chart shown): the actuals against the projection. */
export default function HistoryChart({ kind, months, height, description }: HistoryChartProps) {
  const mode = useSelector(selectThemeMode);
  const { token } = theme.useToken();
  const { title, series } = HISTORY_CHARTS[kind];
  const colors = PALETTE[mode];
  const data = months.map((m) => {
    const row: Record<string, string | number | null> = { label: monthText(m.month) };
    series.forEach((s, k) => {
      row[`s${k}`] = seriesValue(m, s);
    });
    return row;
  });
  let actualIndex = 0;
  const styles = series.map((s) => {
    if (s.projected) return { stroke: colors.projected, dash: '7 4' };
    const k = actualIndex++;
    return { stroke: colors.actual[k % colors.actual.length], dash: ACTUAL_DASHES[k % ACTUAL_DASHES.length] };
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
        tickFormatter={formatCompactUsd}
      />
      {kind === 'cashFlow' ? <ReferenceLine y={0} stroke={token.colorTextSecondary} /> : null}
      <Tooltip
        formatter={(value) => (typeof value === 'number' ? formatCurrency(value) : '—')}
        contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }}
        itemStyle={{ color: token.colorText }}
        labelStyle={{ color: token.colorText }}
      />
      <Legend
        formatter={(value: string) => <span style={{ color: token.colorText }}>{value}</span>}
        wrapperStyle={{ fontSize: 12 }}
      />
      {series.map((s, k) => (
        <Line
          key={s.key}
          type="linear"
          dataKey={`s${k}`}
          name={s.label}
          stroke={styles[k].stroke}
          strokeWidth={2}
          strokeDasharray={styles[k].dash}
          // Actuals are months entered and monthly snapshots, often apart: each is marked, a lone one too.
          dot={s.projected ? false : { r: 3, strokeWidth: 0, fill: styles[k].stroke }}
          activeDot={{ r: 4 }}
          legendType="plainline"
          isAnimationActive={false}
          connectNulls={false}
        />
      ))}
    </LineChart>
  );
}
