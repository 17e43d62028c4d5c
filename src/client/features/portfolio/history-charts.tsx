import { lazy, Suspense, useId } from 'react';
import type { PortfolioHistoryMonth } from '../../../shared/schemas/portfolio';
import { monthText } from './figure-text';
import { HISTORY_CHARTS, type HistoryKind } from './history-series';
import { HistoryTable } from './history-table';

/** The charts' code (Recharts) loads with the first chart shown, never with the page before it. */
const HistoryChart = lazy(() => import(/* webpackChunkName: "portfolio-chart" */ './history-chart'));

const HEIGHT = 240;

/** "Actual cash flow and projected cash flow, Jan 2025 to Mar 2026. The figures are in the table below the chart." */
export function historyDescription(kind: HistoryKind, months: readonly PortfolioHistoryMonth[]): string {
  const labels = HISTORY_CHARTS[kind].series.map((s) => s.label.toLowerCase());
  const what = `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  const span = months.length ? `, ${monthText(months[0].month)} to ${monthText(months[months.length - 1].month)}` : '';
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}${span}. The figures are in the table below the chart.`;
}

function HistoryFigure({ kind, months }: { kind: HistoryKind; months: readonly PortfolioHistoryMonth[] }) {
  const titleId = useId();
  return (
    <section className="dm-portfolio-history-item" aria-labelledby={titleId} data-testid={`history-${kind}`}>
      <h4 id={titleId} className="dm-portfolio-chart-title">
        {HISTORY_CHARTS[kind].title}
      </h4>
      <figure className="dm-portfolio-chart" aria-labelledby={titleId}>
        <Suspense
          fallback={
            <div
              className="dm-portfolio-chart-placeholder"
              style={{ height: HEIGHT }}
              role="status"
              aria-label="Loading the chart"
            />
          }
        >
          <HistoryChart kind={kind} months={months} height={HEIGHT} description={historyDescription(kind, months)} />
        </Suspense>
      </figure>
      <details className="dm-portfolio-chart-data">
        <summary>Show the figures</summary>
        <HistoryTable kind={kind} months={months} />
      </details>
    </section>
  );
}

/** The month-by-month history: cash flow, and value and equity, each actual against the projection. */
export function HistoryCharts({ months }: { months: readonly PortfolioHistoryMonth[] }) {
  if (months.length === 0) return <p className="dm-portfolio-muted">No months to chart yet.</p>;
  return (
    <div className="dm-portfolio-history">
      <HistoryFigure kind="cashFlow" months={months} />
      <HistoryFigure kind="value" months={months} />
    </div>
  );
}
