import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Drawer, Grid, Segmented, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MapBounds } from '../../../shared/geo/bounds';
import { areaBoxOf, areaTooWide, MAX_AREA_DEGREES, trendSummary } from '../../../shared/trends';
import { errorMessage } from '../../api/base-query';
import { ListingsFromNote } from './listings-from-note';
import { useAreaTrendsQuery } from './markets-api';
import { MetricGroupTabs } from './metric-group-tabs';
import './markets.css';

export const AREA_TRENDS_TEXT = {
  button: 'Trends here',
  hint: 'Prices, rents and days on market of the area the map shows, month by month',
  title: "Trends of the map's area",
  label: 'The area',
  lead: 'Every listing, sale and lease inside the map as it is now, month by month. Move the map and they follow.',
  span: 'Span',
  tooWide: `Zoom in to see this area's trends: they are worked out for areas up to ${MAX_AREA_DEGREES}° across (about 69 miles north to south). The Markets page has every city's and ZIP's.`,
  loading: "Working out the area's figures…",
  noSummary: 'Too few sales and leases in this area in the last 24 months to say how it moved.',
  markets: 'Compare cities and ZIPs on the Markets page',
} as const;

const SPANS = [
  { label: '1 year', value: 12 },
  { label: '2 years', value: 24 },
  { label: '3 years', value: 36 },
];
const DEFAULT_SPAN = 24;

/** The drawer's figures: the area's months for the map's current view, asked again when the view moves. */
function AreaTrendsPanel({ bounds }: { bounds: MapBounds }) {
  const [months, setMonths] = useState(DEFAULT_SPAN);
  const box = useMemo(() => areaBoxOf(bounds), [bounds]);
  const tooWide = areaTooWide(box);
  const trends = useAreaTrendsQuery(tooWide ? skipToken : { ...box, months });
  const data = trends.currentData;
  const series = useMemo(() => (data ? [{ id: 'area', label: AREA_TRENDS_TEXT.label, months: data.months }] : []), [data]);

  let body;
  if (tooWide) body = <Alert type="info" showIcon title={AREA_TRENDS_TEXT.tooWide} data-testid="area-too-wide" />;
  else if (trends.error) body = <Alert type="error" showIcon role="alert" title={errorMessage(trends.error)} />;
  else if (!data) body = <Spin className="dm-markets-loading" description={AREA_TRENDS_TEXT.loading} />;
  else
    body = (
      <>
        <p className="dm-area-summary" role="status" data-testid="area-summary">
          {trendSummary(AREA_TRENDS_TEXT.label, data.months) ?? AREA_TRENDS_TEXT.noSummary}
        </p>
        <ListingsFromNote listingsFrom={data.listingsFrom} months={data.months} />
        <MetricGroupTabs series={series} narrow height={200} />
      </>
    );
  return (
    <div className="dm-area-trends" aria-busy={trends.isFetching}>
      <Typography.Paragraph className="dm-lead">{AREA_TRENDS_TEXT.lead}</Typography.Paragraph>
      <div className="dm-area-controls">
        <Segmented aria-label={AREA_TRENDS_TEXT.span} options={SPANS} value={months} onChange={(v) => setMonths(Number(v))} />
        <Link to="/app/markets">{AREA_TRENDS_TEXT.markets}</Link>
      </div>
      {body}
    </div>
  );
}

/**
 * "Trends here" beside the search's actions: a drawer (from the right on a desktop, from the bottom on a
 * phone) with the monthly series of the map's visible area, which follow the map while it is open.
 */
export function AreaTrendsButton({ bounds, size = 'middle' }: { bounds: MapBounds | null; size?: 'small' | 'middle' }) {
  const [open, setOpen] = useState(false);
  const phone = Grid.useBreakpoint().md === false;
  return (
    <>
      <Button
        size={size}
        title={AREA_TRENDS_TEXT.hint}
        disabled={!bounds}
        onClick={() => setOpen(true)}
        data-testid="area-trends-open"
      >
        {AREA_TRENDS_TEXT.button}
      </Button>
      <Drawer
        title={AREA_TRENDS_TEXT.title}
        open={open}
        onClose={() => setOpen(false)}
        placement={phone ? 'bottom' : 'right'}
        size={phone ? 'large' : 640}
        mask={phone}
        destroyOnHidden
        data-testid="area-trends"
      >
        {bounds ? <AreaTrendsPanel bounds={bounds} /> : null}
      </Drawer>
    </>
  );
}
