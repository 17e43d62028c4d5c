import { Alert, Descriptions, Progress, Typography } from 'antd';
import { formatInteger } from '../../../shared/format';
import { formatInstant } from './format-instant';
import type { RatesStatus } from './rates-api';

/** The re-pricing after a new latest 30-year rate: a progress bar while it runs, then how many it re-priced. */
export function RepriceProgress({ status }: { status: RatesStatus['reprice'] }) {
  if (status.running) {
    const percent = status.total > 0 ? Math.floor((status.done / status.total) * 100) : 0;
    return (
      <div className="dm-rates-reprice" role="status" aria-label="Re-pricing progress">
        <Typography.Text>
          Re-pricing listings at the new 30-year rate: {formatInteger(status.done)} of {formatInteger(status.total)}
        </Typography.Text>
        <Progress percent={percent} status="active" />
      </div>
    );
  }
  // Nothing re-priced since the server started: nothing to say.
  if (status.total === 0) return null;
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      className="dm-rates-reprice"
      title={`Every listing is priced at the latest 30-year rate (${formatInteger(status.done)} re-priced).`}
    />
  );
}

/** The RATES_FEED_URL feed: where it reads, its last fetch and how it went, the next one. */
export function FeedStatus({ feed }: { feed: RatesStatus['feed'] }) {
  if (!feed.configured) {
    return (
      <Typography.Paragraph type="secondary" className="dm-rates-feed">
        No rates feed is set. Set <Typography.Text code>RATES_FEED_URL</Typography.Text> to Freddie Mac&apos;s PMMS history CSV
        and the server fetches it every week; until then add rates here or import a PMMS file.
      </Typography.Paragraph>
    );
  }
  return (
    <div className="dm-rates-feed">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        title="Rates feed"
        items={[
          { key: 'url', label: 'Address', children: <span className="dm-rates-feed-url">{feed.url}</span> },
          {
            key: 'last',
            label: 'Last fetch',
            children: feed.fetching ? 'Fetching now...' : formatInstant(feed.lastFetchAt),
          },
          {
            key: 'result',
            label: 'Result',
            children: feed.lastError
              ? 'Failed (below)'
              : feed.lastWritten === null
                ? '—'
                : `${formatInteger(feed.lastWritten)} rate${feed.lastWritten === 1 ? '' : 's'} added or changed`,
          },
          { key: 'next', label: 'Next fetch', children: formatInstant(feed.nextFetchAt) },
        ]}
      />
      {feed.lastError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The last fetch failed: ${feed.lastError}`}
          description={feed.lastSuccessAt ? `Last successful fetch: ${formatInstant(feed.lastSuccessAt)}.` : undefined}
        />
      ) : null}
    </div>
  );
}
