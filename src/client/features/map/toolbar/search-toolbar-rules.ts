import { searchFilterParams, type SearchFilters, type SearchSort, type SortOrder } from '../../../../shared/search-filters';
import type { SearchSettings } from './search-settings';

export const TOOLBAR_TEXT = {
  sortLabel: 'Sort by',
  orderLabel: 'Sort order',
  filters: (active: number) => (active ? `Filters (${active})` : 'Filters'),
  drawerTitle: 'Filters',
  apply: 'Show results',
  reset: 'Reset',
  minPrice: 'Min price',
  maxPrice: 'Max price',
  minBeds: 'Beds',
  minBaths: 'Baths',
  deal: 'Deal status',
  strategy: 'Strategy',
  minCoc: 'Min cash-on-cash %',
  any: 'Any',
  days: 'Days on market',
  minDays: 'At least',
  maxDays: 'At most',
  minDaysLabel: 'Days on market, at least',
  maxDaysLabel: 'Days on market, at most',
  daysUnit: 'days',
  cut: 'Price cut',
  anyListing: 'Any listing',
  anyCut: 'Any cut',
  cutAtLeast: (percent: number) => `${percent}%+ cut`,
  belowValue: 'Below its estimated value',
  anyValue: 'Any listing',
  atOrBelowValue: 'At or below it',
  belowValueAtLeast: (percent: number) => `At least ${percent} % below`,
  returns: 'Returns',
  returnsHint: 'Colour the map by the median cash-on-cash of each area',
} as const;

/**
 * What the sort control offers, each with the order it starts in (the order control flips it).
 * Newest and Days on market are one sort, days on market, read each way.
 */
export type SortChoice = Exclude<SearchSort, 'daysOnMarket'> | 'newest' | 'daysOnMarket';

export const SORT_CHOICES: Array<{ value: SortChoice; label: string; sort: SearchSort; order: SortOrder }> = [
  { value: 'price', label: 'Price', sort: 'price', order: 'asc' },
  { value: 'pricePerSqft', label: 'Price per sqft', sort: 'pricePerSqft', order: 'asc' },
  { value: 'deal', label: 'Deal', sort: 'deal', order: 'asc' },
  { value: 'coc', label: 'Cash-on-cash', sort: 'coc', order: 'desc' },
  { value: 'newest', label: 'Newest', sort: 'daysOnMarket', order: 'asc' },
  { value: 'daysOnMarket', label: 'Days on market', sort: 'daysOnMarket', order: 'desc' },
  { value: 'priceCut', label: 'Biggest cut', sort: 'priceCut', order: 'desc' },
  { value: 'valueGap', label: 'Below estimated value', sort: 'valueGap', order: 'asc' },
];

/** The sort control's choice for a sort and order: days on market ascending is Newest. */
export const sortChoiceOf = (sort: SearchSort, order: SortOrder): SortChoice =>
  sort === 'daysOnMarket' ? (order === 'asc' ? 'newest' : 'daysOnMarket') : sort;

/** The settings after choosing a sort, in the order it starts in (cash-on-cash gets a strategy when none is set). */
export function withSortChoice(settings: SearchSettings, choice: SortChoice): SearchSettings {
  const entry = SORT_CHOICES.find((c) => c.value === choice) ?? SORT_CHOICES[0];
  const { filters } = settings;
  return {
    ...settings,
    filters: entry.sort === 'coc' && !filters.strategy ? { ...filters, strategy: 'buyHold' } : filters,
    sort: entry.sort,
    order: entry.order,
  };
}

/** The price-cut choices; a cut from a link that is not among them is offered too. */
export const CUT_PRESETS = [5, 10, 15, 20] as const;
/** The select's value for "no price-cut filter" (the filter's 0 is "any cut"). */
export const NO_CUT = -1;

export function cutOptions(current: number | undefined): Array<{ value: number; label: string }> {
  const presets: number[] = [...CUT_PRESETS];
  if (current !== undefined && current > 0 && !presets.includes(current)) presets.push(current);
  presets.sort((a, b) => a - b);
  return [
    { value: NO_CUT, label: TOOLBAR_TEXT.anyListing },
    { value: 0, label: TOOLBAR_TEXT.anyCut },
    ...presets.map((p) => ({ value: p, label: TOOLBAR_TEXT.cutAtLeast(p) })),
  ];
}

/** The "below its estimated value" choices (0: at or below it); one from a link that is not among them is offered too. */
export const BELOW_VALUE_PRESETS = [0, 5, 10, 15, 20, 30] as const;
/** The select's value for "no below-value filter". */
export const NO_BELOW_VALUE = -1;

export function belowValueOptions(current: number | undefined): Array<{ value: number; label: string }> {
  const presets: number[] = [...BELOW_VALUE_PRESETS];
  if (current !== undefined && !presets.includes(current)) presets.push(current);
  presets.sort((a, b) => a - b);
  return [
    { value: NO_BELOW_VALUE, label: TOOLBAR_TEXT.anyValue },
    ...presets.map((p) => ({ value: p, label: p === 0 ? TOOLBAR_TEXT.atOrBelowValue : TOOLBAR_TEXT.belowValueAtLeast(p) })),
  ];
}

/** "312 of 1,504 properties"; "1 property"; the total alone when everything matches. */
export function matchCountText(matching: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'property' : 'properties');
  if (matching === total) return `${total.toLocaleString('en-US')} ${noun(total)}`;
  return `${matching.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun(total)}`;
}

/** How many filters are set (a price range counts once per end). */
export const activeFilterCount = (filters: SearchFilters): number =>
  Object.keys(searchFilterParams(filters)).filter((name) => name !== 'strategy' || filters.minCoc === undefined).length;

const ORDER_WORDS: Partial<Record<SearchSort, [string, string]>> = {
  deal: ['Best first', 'Worst first'],
  daysOnMarket: ['Newest first', 'Longest first'],
  priceCut: ['Smallest first', 'Biggest first'],
  valueGap: ['Furthest below first', 'Furthest above first'],
};

export const orderOptions = (sort: SearchSort): Array<{ value: SortOrder; label: string }> => {
  const [asc, desc] = ORDER_WORDS[sort] ?? ['Low to high', 'High to low'];
  return [
    { value: 'asc', label: asc },
    { value: 'desc', label: desc },
  ];
};
