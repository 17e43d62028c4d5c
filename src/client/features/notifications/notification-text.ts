import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatCurrency } from '../../../shared/format';
import { STRATEGIES } from '../../../shared/invest/ranking';
import { PIPELINE_STAGE_LABELS } from '../../../shared/pipeline';
import type { AlertNotification } from '../../../shared/schemas/alerts';
import { SEARCH_ZOOM } from '../../constants';

dayjs.extend(relativeTime);

/** How often the bell asks for the unread count while the tab is in front (it also asks on focus). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * The search page's popup deep link: `property=<id>` reopens that property's popup (PROPERTY_PARAM
 * in features/map/search-page.tsx, which this feature may not import; a test ties the two).
 */
export const POPUP_LINK_PARAM = 'property';
export const SEARCH_PATH = '/app/search';
/** Where a watched deal's news goes once its listing left Dealmap. */
export const PIPELINE_PATH = '/app/pipeline';

/**
 * Where choosing a notification goes: the search page with the property's popup open, centred on it
 * at the street zoom when its location is known (`?lat=&lng=&zoom=`).
 */
export function notificationLink(propertyId: string, at?: { lat: number; lng: number } | null): string {
  const params = new URLSearchParams();
  if (at && Number.isFinite(at.lat) && Number.isFinite(at.lng)) {
    params.set('lat', String(at.lat));
    params.set('lng', String(at.lng));
    params.set('zoom', String(SEARCH_ZOOM));
  }
  params.set(POPUP_LINK_PARAM, propertyId);
  return `${SEARCH_PATH}?${params}`;
}

export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  bellLabel: (unread: number) => `Notifications, ${unread} unread`,
  markAllRead: 'Mark all read',
  empty: 'No alerts yet — save a search on the map, or put a property in your pipeline, to hear about new deals and price cuts.',
  openMap: 'Open the map',
  loadFailed: 'Could not load your notifications.',
  retry: 'Try again',
  markFailed: 'Could not mark the notifications read',
  unread: 'Unread',
  fromSearch: (name: string) => `Saved search: ${name}`,
  fromPipeline: (stage: string) => `Pipeline: ${stage}`,
} as const;

/** A strategy's name for a key ('buyHold' → 'Buy & Hold'); anything else as it came. */
export function strategyLabel(strategy: string): string {
  return STRATEGIES.find((s) => s.key === strategy)?.name ?? strategy;
}

/** A cash-on-cash in words: "9.1 % cash-on-cash (Buy & Hold)". */
export function cashOnCashText(percent: number, strategy: string | null): string {
  const figure = `${percent.toFixed(1)} % cash-on-cash`;
  return strategy ? `${figure} (${strategyLabel(strategy)})` : figure;
}

/**
 * Why the notification came: "New listing", "Price cut $420,000 → $399,000", "Now pays 9.1 % cash-on-cash
 * (Buy & Hold)"; a watched deal's "Now Pending", "Sold for $310,000", "New comp: 12 Oak St sold for $305,000".
 */
export function reasonText(
  n: Pick<AlertNotification, 'reason' | 'price' | 'previousPrice' | 'cashOnCash' | 'strategy' | 'status' | 'compAddress'>,
): string {
  const soldFor = n.price === null ? '' : ` for ${formatCurrency(n.price)}`;
  switch (n.reason) {
    case 'new':
      return 'New listing';
    case 'price_cut':
      if (n.price === null) return 'Price cut';
      return n.previousPrice === null
        ? `Price cut to ${formatCurrency(n.price)}`
        : `Price cut ${formatCurrency(n.previousPrice)} → ${formatCurrency(n.price)}`;
    case 'now_pays':
      return n.cashOnCash === null
        ? 'Now pays the search’s cash-on-cash'
        : `Now pays ${cashOnCashText(n.cashOnCash, n.strategy)}`;
    case 'status_change':
      if (n.status === 'Sold') return `Sold${soldFor}`;
      if (n.status === 'Removed') return 'Removed from the listings';
      return `Now ${n.status ?? 'off the market'}`;
    case 'new_comp':
      return `New comp: ${n.compAddress ?? 'a nearby sale'} sold${soldFor}`;
  }
}

/** Where it came from: "Saved search: Austin duplexes" or "Pipeline: Watching". */
export function sourceText(n: Pick<AlertNotification, 'searchName' | 'stage'>): string {
  if (n.searchName !== null) return NOTIFICATIONS_TEXT.fromSearch(n.searchName);
  return NOTIFICATIONS_TEXT.fromPipeline(n.stage === null ? '' : PIPELINE_STAGE_LABELS[n.stage]);
}

/** "3 hours ago" (dayjs relative time). */
export const relativeTimeText = (at: string, now?: dayjs.ConfigType): string => dayjs(at).from(dayjs(now));
/** "Jan 5, 2026, 10:00 AM": the absolute time, in the relative time's title. */
export const absoluteTimeText = (at: string): string => dayjs(at).format('MMM D, YYYY, h:mm A');
