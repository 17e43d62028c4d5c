/**
 * What the saved searches UI says: its messages, the alert choices, and a saved search's view,
 * filters and sort in words (the save dialog's summary and the dashboard's list).
 */
import dayjs from 'dayjs';
import { outcomeMessages } from '../../../shared/outcome-messages';
import { formatCurrency } from '../../../shared/format';
import { strategyName } from '../../../shared/invest/ranking';
import { parseSearchFilters, type SearchFilters } from '../../../shared/search-filters';
import { SEARCH_SORTS, type AlertFrequency, type DealStatus, type SearchSort, type SortOrder } from '../../../shared/vocabulary';

/** The longest name the server takes (SAVED_SEARCH_NAME_MAX of the wire schemas, which stay out of the bundle). */
export const SAVED_SEARCH_NAME_MAX = 100;

export const SAVED_SEARCH_TEXT = {
  save: 'Save search',
  saveTitle: 'Save this search',
  saveOk: 'Save',
  editTitle: 'Edit saved search',
  editOk: 'Save changes',
  ...outcomeMessages('Saved search'),
  createFailed: 'An error occurred while saving the search',
  alreadyGone: 'This saved search no longer exists',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  noView: 'Move or zoom the map first: a saved search watches the view it shows.',
  mapView: 'The map view as it is now',
  noFilters: 'None: every listing in the view',
  defaultSort: 'Price, low to high',
} as const;

/** The same checks as the server (1–100 characters after trimming); null when the name is fine. */
export function savedSearchNameProblem(name: string | undefined): string | null {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return SAVED_SEARCH_TEXT.nameRequired;
  if (trimmed.length > SAVED_SEARCH_NAME_MAX) return SAVED_SEARCH_TEXT.nameTooLong;
  return null;
}

/** The name a new search starts with: the place in view, else the day. */
export const defaultSearchName = (placeName: string | null | undefined, now = new Date()): string =>
  placeName?.trim() || `Search of ${dayjs(now).format('MMM D, YYYY')}`;

/** The alert choices in the order offered, each with its one-line explanation. */
export const ALERT_CHOICES: ReadonlyArray<{ value: AlertFrequency; label: string; description: string }> = [
  {
    value: 'instant',
    label: 'Instant',
    description: 'An e-mail as soon as a listing matches (at most one every 5 minutes) and a notification here.',
  },
  {
    value: 'daily',
    label: 'Daily digest',
    description: "One e-mail a day listing the day's matches, and a notification here for each.",
  },
  { value: 'off', label: 'Off', description: 'No alerts: open it from the dashboard whenever you want to look.' },
];

export const alertLabel = (alert: AlertFrequency): string => ALERT_CHOICES.find((c) => c.value === alert)?.label ?? alert;

const SORT_LABELS: Record<SearchSort, string> = {
  price: 'Price',
  pricePerSqft: 'Price per sqft',
  deal: 'Deal',
  coc: 'Cash-on-cash',
  daysOnMarket: 'Days on market',
  priceCut: 'Price cut',
  valueGap: 'Below estimated value',
};

const isSort = (value: string | undefined): value is SearchSort =>
  (SEARCH_SORTS as readonly (string | undefined)[]).includes(value);

/** "Price, low to high"; "Deal, best first"; the default when the query has no sort. */
export function describeSort(query: Record<string, string>): string {
  if (!isSort(query.sort)) return SAVED_SEARCH_TEXT.defaultSort;
  const order: SortOrder = query.order === 'desc' ? 'desc' : 'asc';
  const direction =
    query.sort === 'deal'
      ? order === 'asc'
        ? 'best first'
        : 'worst first'
      : query.sort === 'valueGap'
        ? order === 'asc'
          ? 'furthest below first'
          : 'furthest above first'
        : order === 'asc'
          ? 'low to high'
          : 'high to low';
  return `${SORT_LABELS[query.sort]}, ${direction}`;
}

const percent = (value: number) => `${value}%`;
/** Best to worst, as the legend reads. */
const DEAL_ORDER: DealStatus[] = ['Good Deal', 'Market Price', 'Overpriced'];

/** Each filter in words, in the toolbar's order; empty when none is set. */
export function describeFilters(filters: SearchFilters): string[] {
  const words: string[] = [];
  const { minPrice, maxPrice, minDays, maxDays } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) words.push(`${formatCurrency(minPrice)} to ${formatCurrency(maxPrice)}`);
  else if (minPrice !== undefined) words.push(`From ${formatCurrency(minPrice)}`);
  else if (maxPrice !== undefined) words.push(`Up to ${formatCurrency(maxPrice)}`);
  if (filters.minBeds !== undefined) words.push(`${filters.minBeds}+ beds`);
  if (filters.minBaths !== undefined) words.push(`${filters.minBaths}+ baths`);
  if (filters.deal) words.push(DEAL_ORDER.filter((s) => filters.deal!.includes(s)).join(' or '));
  if (filters.strategy !== undefined) {
    words.push(
      filters.minCoc !== undefined
        ? `${strategyName(filters.strategy)} cash-on-cash at least ${percent(filters.minCoc)}`
        : `Strategy: ${strategyName(filters.strategy)}`,
    );
  }
  if (minDays !== undefined && maxDays !== undefined) words.push(`${minDays} to ${maxDays} days on market`);
  else if (minDays !== undefined) words.push(`At least ${minDays} days on market`);
  else if (maxDays !== undefined) words.push(`At most ${maxDays} days on market`);
  if (filters.minCut !== undefined)
    words.push(filters.minCut === 0 ? 'Any price cut' : `Price cut of ${percent(filters.minCut)} or more`);
  if (filters.minBelowValue !== undefined) {
    words.push(
      filters.minBelowValue === 0
        ? 'At or below its estimated value'
        : `At least ${percent(filters.minBelowValue)} below its estimated value`,
    );
  }
  return words;
}

/** The filters of a saved query (the URL's parameters), in words. */
export const describeQueryFilters = (query: Record<string, string>): string[] =>
  describeFilters(parseSearchFilters(query).filters);
