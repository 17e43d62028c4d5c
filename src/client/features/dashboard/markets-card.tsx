import { Typography } from 'antd';
import { MapPinIcon } from '../../components/icons';
import { FOLLOWED_TEXT, FollowedMarkets, useFollowedMarketsQuery } from '../markets';
import { DashboardCard } from './dashboard-card';

/** GET /auth/market-trends/followed: the cities the user's saved searches look at, each with what moved in a year. */
export function MarketsCard() {
  const query = useFollowedMarketsQuery();
  const series = query.data?.series ?? [];
  return (
    <DashboardCard
      title={FOLLOWED_TEXT.title}
      icon={<MapPinIcon />}
      query={query}
      isEmpty={series.length === 0}
      empty={<Typography.Paragraph type="secondary">{FOLLOWED_TEXT.empty}</Typography.Paragraph>}
    >
      <FollowedMarkets series={series} />
    </DashboardCard>
  );
}
