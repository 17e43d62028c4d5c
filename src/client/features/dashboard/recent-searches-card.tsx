import { Empty, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { HistoryIcon } from '../../components/icons';
import { DashboardCard } from './dashboard-card';
import { useRecentSearchesQuery } from './dashboard-api';
import { searchUrlFor } from '../../components/search-link';

/** GET /recentSearches: each one opens the map where that search left it. */
export function RecentSearchesCard() {
  const query = useRecentSearchesQuery();
  const { data } = query;
  return (
    <DashboardCard
      title="Recent searches"
      icon={<HistoryIcon />}
      query={query}
      isEmpty={!data?.length}
      empty={
        <Empty description="No searches yet. Search a city, address or ZIP code on the map and it will be listed here, one click from the map.">
          <Link to="/app/search">Open the map</Link>
        </Empty>
      }
    >
      <ul className="dm-recent-searches" aria-label="Recent searches">
        {data?.map((search) => (
          <li key={search._id}>
            <Link to={searchUrlFor(search)} className="dm-recent-search">
              <strong>{search.name}</strong>
              {search.formattedAddress && search.formattedAddress !== search.name ? (
                <Typography.Text type="secondary">{search.formattedAddress}</Typography.Text>
              ) : null}
            </Link>
            <Typography.Text type="secondary" className="dm-recent-when">
              {dayjs(search.createdAt).format('MMM D')}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
