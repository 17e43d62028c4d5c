import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Segmented, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { MarketSeries } from '../../../shared/schemas/market-trends';
import { DEFAULT_TREND_MONTHS, MAX_COMPARED_MARKETS, trendSummary } from '../../../shared/trends';
import { errorMessage } from '../../api/base-query';
import { PageTitle } from '../../components/page-title';
import { searchUrlFor } from '../../components/search-link';
import { ListingsFromNote } from './listings-from-note';
import { MetricGroupTabs } from './metric-group-tabs';
import { MarketPicker, type PickedMarket } from './market-picker';
import { useFollowedMarketsQuery, useMarketTrendsQuery } from './markets-api';
import './markets.css';

export const MARKETS_TEXT = {
  title: 'Markets',
  lead: 'Prices, rents and how fast homes sell, month by month, for a city or a ZIP. Compare up to three.',
  span: 'Span',
  empty: 'Add a city or a ZIP above to see how its prices, rents and days on market have moved.',
  yours: 'Your markets, from your saved searches:',
  openMap: (label: string) => `Open the map on ${label}`,
  noSummary: (label: string) => `${label}: too few sales and leases in the last 24 months to say how it moved.`,
  asOf: (when: string) => `Figures as of ${when}; a month's sales and leases are those of it and the two months before.`,
  notYet: 'The figures are being worked out for the first time; they appear here in a minute or two.',
} as const;

/** How often the page asks again while the figures are worked out for the first time. */
const FIRST_BUILD_POLL_MS = 5000;

const SPANS = [
  { label: '1 year', value: 12 },
  { label: '3 years', value: 36 },
  { label: '5 years', value: 60 },
  { label: '10 years', value: 120 },
];

/** The markets in the address (`?m=city:austin|TX&m=zip:78701&months=36`), at most three, once each. */
function readParams(params: URLSearchParams): { ids: string[]; months: number } {
  const ids = [...new Set(params.getAll('m').filter(Boolean))].slice(0, MAX_COMPARED_MARKETS);
  const months = Number(params.get('months'));
  return { ids, months: SPANS.some((s) => s.value === months) ? months : DEFAULT_TREND_MONTHS };
}

const openMapUrl = (series: MarketSeries) => {
  const { ne, sw } = series.market.bounds;
  return searchUrlFor({ lat: (ne.lat + sw.lat) / 2, lng: (ne.lng + sw.lng) / 2, viewport: series.market.bounds });
};

/** The Markets page: up to three markets' monthly series as charts (each with its table), a line each on how it moved. */
export function MarketsPage() {
  const [params, setParams] = useSearchParams();
  const { ids, months } = readParams(params);
  const [firstBuild, setFirstBuild] = useState(false);
  // Before the first build (a fresh server), ask again every few seconds until the figures are there.
  const trends = useMarketTrendsQuery(ids.length ? { markets: ids, months } : skipToken, {
    pollingInterval: firstBuild ? FIRST_BUILD_POLL_MS : 0,
  });
  const notBuilt = trends.currentData !== undefined && trends.currentData.refreshedAt === null;
  if (notBuilt !== firstBuild) setFirstBuild(notBuilt);
  const followed = useFollowedMarketsQuery(ids.length ? skipToken : undefined);
  const series = trends.currentData?.series ?? [];
  const picked: PickedMarket[] = ids.map((id) => ({ id, label: series.find((s) => s.market.id === id)?.market.label ?? id }));

  const update = (nextIds: string[], nextMonths = months) => {
    const next = new URLSearchParams();
    nextIds.forEach((id) => next.append('m', id));
    if (nextMonths !== DEFAULT_TREND_MONTHS) next.set('months', String(nextMonths));
    setParams(next, { replace: false });
  };
  const add = (market: PickedMarket) => update([...ids, market.id]);
  const remove = (id: string) => update(ids.filter((m) => m !== id));
  const refreshedAt = trends.currentData?.refreshedAt;
  const listingsFrom = trends.currentData?.listingsFrom;

  return (
    <div className="dm-markets-page">
      <PageTitle>{MARKETS_TEXT.title}</PageTitle>
      <Typography.Paragraph className="dm-lead">{MARKETS_TEXT.lead}</Typography.Paragraph>
      <div className="dm-markets-controls">
        <MarketPicker picked={picked} onAdd={add} onRemove={remove} />
        <Segmented
          aria-label={MARKETS_TEXT.span}
          options={SPANS}
          value={months}
          onChange={(value) => update(ids, Number(value))}
        />
      </div>

      {ids.length === 0 ? (
        <div className="dm-markets-empty">
          <Typography.Paragraph>{MARKETS_TEXT.empty}</Typography.Paragraph>
          {followed.currentData?.series.length ? (
            <Space wrap>
              <Typography.Text>{MARKETS_TEXT.yours}</Typography.Text>
              {followed.currentData.series.map((s) => (
                <Button key={s.market.id} onClick={() => add({ id: s.market.id, label: s.market.label })}>
                  {s.market.label}
                </Button>
              ))}
            </Space>
          ) : null}
        </div>
      ) : trends.error ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(trends.error)} />
      ) : !trends.currentData ? (
        <Spin className="dm-markets-loading" description="Loading the market figures…" />
      ) : (
        <>
          <ul className="dm-market-summaries" aria-label="How each market moved">
            {series.map((s, i) => (
              <li key={s.market.id} className="dm-market-summary">
                <span className={`dm-series-swatch dm-series-${i}`} aria-hidden="true" />
                <span>{trendSummary(s.market.label, s.months) ?? MARKETS_TEXT.noSummary(s.market.label)}</span>
                <Link to={openMapUrl(s)}>{MARKETS_TEXT.openMap(s.market.label)}</Link>
              </li>
            ))}
          </ul>
          <Typography.Paragraph type="secondary" className="dm-markets-asof">
            {refreshedAt ? MARKETS_TEXT.asOf(dayjs(refreshedAt).format('MMM D, YYYY h:mm A')) : MARKETS_TEXT.notYet}
          </Typography.Paragraph>
          <ListingsFromNote listingsFrom={listingsFrom} months={series[0]?.months ?? []} />
          <MetricGroupTabs series={series.map((s) => ({ id: s.market.id, label: s.market.label, months: s.months }))} />
        </>
      )}
    </div>
  );
}

export default MarketsPage;
