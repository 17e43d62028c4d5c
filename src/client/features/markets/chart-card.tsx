import { Card } from 'antd';
import { lazy, Suspense, useId } from 'react';
import { METRICS, monthLabel, type ChartMetric } from '../../../shared/trends';
import type { ChartSeries, TrendChartProps } from './trend-chart';
import { TrendTable } from './trend-table';
import './charts.css';

/** The charts' code (Recharts) loads with the first chart, on the pages that show one. */
const TrendChart = lazy(() => import(/* webpackChunkName: "trend-chart" */ './trend-chart'));

/** "Median sold price in Austin, TX and 78701 (Austin, TX), Dec 2023 to Nov 2026." */
export function chartDescription(metric: ChartMetric, series: readonly ChartSeries[]): string {
  const months = series[0]?.months ?? [];
  const names = series.map((s) => s.label);
  const where = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
  const span = months.length ? `, ${monthLabel(months[0].month)} to ${monthLabel(months[months.length - 1].month)}` : '';
  return `${METRICS[metric].title} in ${where}${span}. The figures are in the table below the chart.`;
}

interface TrendFigureProps {
  metric: ChartMetric;
  series: readonly ChartSeries[];
  /** The id of the heading that names the chart. */
  labelledBy: string;
  title: string;
  height: number;
  reference?: TrendChartProps['reference'];
}

/** A chart (drawn when its code has loaded, in a box of its height meanwhile) and its figures in a table that opens under it. */
export function TrendFigure({ metric, series, labelledBy, title, height, reference }: TrendFigureProps) {
  return (
    <>
      <figure className="dm-chart-figure" aria-labelledby={labelledBy}>
        <Suspense
          fallback={<div className="dm-chart-placeholder" style={{ height }} role="status" aria-label="Loading the chart" />}
        >
          <TrendChart
            metric={metric}
            series={series}
            height={height}
            reference={reference}
            title={title}
            description={chartDescription(metric, series)}
          />
        </Suspense>
      </figure>
      <details className="dm-chart-data">
        <summary>Show the figures</summary>
        <TrendTable metric={metric} series={series} />
      </details>
    </>
  );
}

/** One metric on the Markets page: a card with its chart and table. */
export function ChartCard({
  metric,
  series,
  height = 260,
}: {
  metric: ChartMetric;
  series: readonly ChartSeries[];
  height?: number;
}) {
  const titleId = useId();
  const { title } = METRICS[metric];
  return (
    <Card
      className="dm-chart-card"
      title={
        <h3 id={titleId} className="dm-chart-title">
          {title}
        </h3>
      }
      size="small"
      data-testid={`chart-${metric}`}
    >
      <TrendFigure metric={metric} series={series} labelledBy={titleId} title={title} height={height} />
    </Card>
  );
}
