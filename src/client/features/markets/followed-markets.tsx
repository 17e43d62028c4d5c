import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { MarketSeries } from '../../../shared/schemas/market-trends';
import { trendChanges } from '../../../shared/trends';
import './charts.css';

export const FOLLOWED_TEXT = {
  title: 'Your markets',
  empty: 'Save a search on the map and its city shows here with how its prices, rents and days on market moved.',
  quiet: 'Too few sales and leases in the last 24 months to say how it moved.',
  all: 'Compare them on the Markets page',
} as const;

/** The page of up to three markets (`/app/markets?m=…`). */
export const marketsPageUrl = (ids: readonly string[]): string => {
  const params = new URLSearchParams();
  ids.slice(0, 3).forEach((id) => params.append('m', id));
  return `/app/markets?${params}`;
};

/** The cities the user's saved searches look at, each with what moved over 12 months (the dashboard's card). */
export function FollowedMarkets({ series }: { series: readonly MarketSeries[] }) {
  return (
    <>
      <ul className="dm-followed-markets">
        {series.map((s) => {
          const changes = trendChanges(s.months);
          return (
            <li key={s.market.id}>
              <Link to={marketsPageUrl([s.market.id])}>{s.market.label}</Link>
              <Typography.Text type={changes.length ? undefined : 'secondary'}>
                {changes.length ? `Over 12 months: ${changes.join(', ')}` : FOLLOWED_TEXT.quiet}
              </Typography.Text>
            </li>
          );
        })}
      </ul>
      {series.length > 1 ? <Link to={marketsPageUrl(series.map((s) => s.market.id))}>{FOLLOWED_TEXT.all}</Link> : null}
    </>
  );
}
