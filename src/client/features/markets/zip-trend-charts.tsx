import { skipToken } from '@reduxjs/toolkit/query';
import { Skeleton, Typography } from 'antd';
import { useId } from 'react';
import { formatCurrency } from '../../../shared/format';
import { METRICS, type ChartMetric } from '../../../shared/trends';
import { TrendFigure } from './chart-card';
import { useMarketTrendsQuery } from './markets-api';

/** How far back the property's charts look. */
export const ZIP_TREND_MONTHS = 24;

export const ZIP_TRENDS_TEXT = {
  heading: (zip: string) => `ZIP ${zip} over ${ZIP_TREND_MONTHS} months`,
  none: (zip: string) => `No market figures for ZIP ${zip} yet.`,
  thisPrice: (value: number) => `This home: ${formatCurrency(value)}/sq ft`,
  thisRent: (value: number) => `This home: ${formatCurrency(value)}/mo`,
} as const;

function SmallChart(props: {
  metric: ChartMetric;
  zip: string;
  series: Parameters<typeof TrendFigure>[0]['series'];
  reference?: { value: number; label: string };
  height: number;
}) {
  const titleId = useId();
  const title = `${METRICS[props.metric].title}, ZIP ${props.zip}`;
  return (
    <div className="dm-zip-chart" data-testid={`zip-chart-${props.metric}`}>
      <h4 id={titleId} className="dm-zip-chart-title">
        {title}
      </h4>
      {props.reference ? <p className="dm-zip-chart-mark">{props.reference.label}</p> : null}
      <TrendFigure
        metric={props.metric}
        series={props.series}
        labelledBy={titleId}
        title={title}
        height={props.height}
        reference={props.reference}
      />
    </div>
  );
}

/**
 * The ZIP's sold $/sq ft and rent over the last 24 months, small, with this property's price per sq ft
 * and rent marked against them (the popup's Property tab and the property page).
 */
export function ZipTrendCharts({
  zip,
  pricePerSqft,
  rent,
  height = 160,
}: {
  zip: string;
  pricePerSqft: number | null;
  rent: number | null;
  height?: number;
}) {
  const valid = /^[0-9]{5}$/.test(zip);
  const trends = useMarketTrendsQuery(valid ? { markets: [`zip:${zip}`], months: ZIP_TREND_MONTHS } : skipToken);
  if (!valid) return null;
  if (trends.isLoading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  const market = trends.currentData?.series[0];
  if (!market) return <Typography.Paragraph type="secondary">{ZIP_TRENDS_TEXT.none(zip)}</Typography.Paragraph>;
  const series = [{ id: market.market.id, label: market.market.label, months: market.months }];
  return (
    <section className="dm-zip-trends" aria-label={ZIP_TRENDS_TEXT.heading(zip)}>
      <SmallChart
        metric="soldPricePerSqft"
        zip={zip}
        series={series}
        height={height}
        reference={pricePerSqft ? { value: pricePerSqft, label: ZIP_TRENDS_TEXT.thisPrice(pricePerSqft) } : undefined}
      />
      <SmallChart
        metric="rent"
        zip={zip}
        series={series}
        height={height}
        reference={rent ? { value: rent, label: ZIP_TRENDS_TEXT.thisRent(rent) } : undefined}
      />
    </section>
  );
}
