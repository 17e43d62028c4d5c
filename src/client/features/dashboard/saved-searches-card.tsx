import { Button, Empty, Typography } from 'antd';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { boundsCenter } from '../../../shared/geo/viewport';
import type { SavedSearch } from '../../../shared/schemas/alerts';
import { BookmarkIcon } from '../../components/icons';
import {
  alertLabel,
  describeQueryFilters,
  SavedSearchActions,
  useMarkSavedSearchViewedMutation,
  useSavedSearchesQuery,
} from '../saved-searches';
import { DashboardCard } from './dashboard-card';
import { searchUrlFor } from '../../components/search-link';

/** Five decimals of a degree (about a metre), as the search page writes its camera. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The search page as the saved search left it: its view's centre and zoom, its filters and sort. */
export function savedSearchUrl(search: Pick<SavedSearch, 'bounds' | 'query'>): string {
  const center = boundsCenter(search.bounds);
  return searchUrlFor({ lat: round(center.lat), lng: round(center.lng), viewport: search.bounds, filters: search.query });
}

export const newSinceText = (count: number) =>
  count === 0 ? 'Nothing new since you last looked' : `${count.toLocaleString('en-US')} new since you last looked`;

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const navigate = useNavigate();
  const [markViewed] = useMarkSavedSearchViewedMutation();
  const url = savedSearchUrl(search);
  const open = useCallback(() => {
    markViewed(search._id)
      .unwrap()
      .catch((error: unknown) => console.error('Marking the saved search viewed failed', error));
    void navigate(url);
  }, [markViewed, navigate, search._id, url]);
  const filters = describeQueryFilters(search.query);
  return (
    <li className="dm-saved-search">
      <div className="dm-saved-search-head">
        <strong className="dm-saved-search-name">{search.name}</strong>
        {search.newCount > 0 ? (
          <span className="dm-saved-search-new">{newSinceText(search.newCount)}</span>
        ) : (
          <Typography.Text type="secondary" className="dm-saved-search-none">
            {newSinceText(0)}
          </Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary" className="dm-saved-search-what">
        {[search.place ?? 'Map view', ...filters].join(' · ')}
      </Typography.Text>
      <div className="dm-saved-search-foot">
        <Typography.Text className="dm-saved-search-alert">Alerts: {alertLabel(search.alert)}</Typography.Text>
        <span className="dm-saved-search-actions">
          <Button size="small" type="primary" onClick={open} aria-label={`Open ${search.name}`}>
            Open
          </Button>
          <SavedSearchActions search={search} />
        </span>
      </div>
    </li>
  );
}

/** GET /saved-searches: each with its new matches; Open restores the search (and marks it viewed), Edit, Delete. */
export function SavedSearchesCard() {
  const query = useSavedSearchesQuery();
  const { data = [] } = query;
  return (
    <DashboardCard
      title="Saved searches"
      icon={<BookmarkIcon />}
      query={query}
      isEmpty={!data.length}
      empty={
        <Empty
          description={
            <>
              No saved searches yet. On the map, move to the area you want to watch, set the filters and sort, and choose{' '}
              <strong>Save search</strong>. Dealmap then tells you when a new listing, a price cut or a better return matches it,
              and lists it here.
            </>
          }
        >
          <Link to="/app/search">Open the map</Link>
        </Empty>
      }
    >
      <ul className="dm-saved-searches" aria-label="Saved searches">
        {data.map((search) => (
          <SavedSearchItem key={search._id} search={search} />
        ))}
      </ul>
    </DashboardCard>
  );
}
