import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatCurrency } from '../../../shared/format';
import { STRATEGIES } from '../../../shared/invest/ranking';
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
  empty: 'No alerts yet — save a search on the map to hear about new deals.',
  openMap: 'Open the map',
  loadFailed: 'Could not load your notifications.',
  retry: 'Try again',
  markFailed: 'Could not mark the notifications read',
  unread: 'Unread',
  fromSearch: (name: string) => `Saved search: ${name}`,
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

/** Why the search reported the listing: "New listing", "Price cut $420,000 → $399,000", "Now pays 9.1 % cash-on-cash (Buy & Hold)". */
export function reasonText(n: Pick<AlertNotification, 'reason' | 'price' | 'previousPrice' | 'cashOnCash' | 'strategy'>): string {
  switch (n.reason) {
    case 'new':
      return 'New listing';
    case 'price_cut':
      return n.previousPrice === null
        ? `Price cut to ${formatCurrency(n.price)}`
        : `Price cut ${formatCurrency(n.previousPrice)} → ${formatCurrency(n.price)}`;
    case 'now_pays':
      return n.cashOnCash === null
        ? 'Now pays the search’s cash-on-cash'
        : `Now pays ${cashOnCashText(n.cashOnCash, n.strategy)}`;
  }
}

/** "3 hours ago" (dayjs relative time). */
export const relativeTimeText = (at: string, now?: dayjs.ConfigType): string => dayjs(at).from(dayjs(now));
/** "Jan 5, 2026, 10:00 AM": the absolute time, in the relative time's title. */
export const absoluteTimeText = (at: string): string => dayjs(at).format('MMM D, YYYY, h:mm A');
