import { Alert, Button, Checkbox, Drawer, Grid, InputNumber, Segmented, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import type { DealStatus } from '../../../shared/deal-status';
import type { StrategyKey } from '../../../shared/investor-types';
import { STRATEGY_TABS } from '../deal';
import {
  FILTER_LIMITS,
  hasFilters,
  parseSearchFilters,
  searchFilterParams,
  type SearchFilters,
  type SearchSort,
  type SortOrder,
} from '../../../shared/search-filters';
import { DEFAULT_ORDER, DEFAULT_SORT, type SearchSettings } from './search-settings';
import './search-toolbar.css';

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
const NO_CUT = -1;

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
const NO_BELOW_VALUE = -1;

export function belowValueOptions(current: number | undefined): Array<{ value: number; label: string }> {
  const presets: number[] = [...BELOW_VALUE_PRESETS];
  if (current !== undefined && !presets.includes(current)) presets.push(current);
  presets.sort((a, b) => a - b);
  return [
    { value: NO_BELOW_VALUE, label: TOOLBAR_TEXT.anyValue },
    ...presets.map((p) => ({ value: p, label: p === 0 ? TOOLBAR_TEXT.atOrBelowValue : TOOLBAR_TEXT.belowValueAtLeast(p) })),
  ];
}

/** Best to worst, as the legend reads. */
const DEAL_ORDER: DealStatus[] = ['Good Deal', 'Market Price', 'Overpriced'];
const ROOM_OPTIONS = [0, 1, 2, 3, 4, 5].map((n) => ({ value: n, label: n === 0 ? TOOLBAR_TEXT.any : `${n}+` }));
const STRATEGY_OPTIONS = STRATEGY_TABS.map((t) => ({ value: t.key, label: t.strategyName }));

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

/** A whole number of days (blank: no limit). */
function DaysInput({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <label className="dm-stb-field">
      <span>{label}</span>
      <InputNumber<number>
        aria-label={name}
        min={0}
        max={FILTER_LIMITS.maxDays}
        step={1}
        precision={0}
        suffix={TOOLBAR_TEXT.daysUnit}
        value={value ?? null}
        onChange={(v) => onChange(v ?? undefined)}
        style={{ width: '100%' }}
      />
    </label>
  );
}

export interface SearchToolbarProps {
  value: SearchSettings;
  onChange: (next: SearchSettings) => void;
  /** Properties passing the filters and all properties considered; null while unknown. */
  matching: number | null;
  total: number | null;
  onReset: () => void;
  /** More of the page's actions at the toolbar's end (Save search). */
  actions?: ReactNode;
}

/** Whole dollars, shown with thousands separators. */
function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <label className="dm-stb-field">
      <span>{label}</span>
      <InputNumber<number>
        aria-label={label}
        min={0}
        step={10_000}
        prefix="$"
        value={value ?? null}
        onChange={(v) => onChange(v ?? undefined)}
        formatter={(v) => (v === undefined || String(v) === '' ? '' : Number(v).toLocaleString('en-US'))}
        parser={(v) => Number((v ?? '').replace(/[^\d.]/g, ''))}
        style={{ width: '100%' }}
      />
    </label>
  );
}

/** The filter form in the drawer: edited as a draft, applied when valid. */
function FilterForm({
  initial,
  onApply,
  onReset,
}: {
  initial: SearchFilters;
  onApply: (f: SearchFilters) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<SearchFilters>(initial);
  const set = (patch: Partial<SearchFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const { filters, problems } = parseSearchFilters(searchFilterParams(draft));
  const deal = draft.deal ?? [];
  return (
    <form
      className="dm-stb-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) onApply(filters);
      }}
    >
      <div className="dm-stb-pair">
        <PriceInput label={TOOLBAR_TEXT.minPrice} value={draft.minPrice} onChange={(v) => set({ minPrice: v })} />
        <PriceInput label={TOOLBAR_TEXT.maxPrice} value={draft.maxPrice} onChange={(v) => set({ maxPrice: v })} />
      </div>
      <div className="dm-stb-pair">
        <label className="dm-stb-field">
          <span>{TOOLBAR_TEXT.minBeds}</span>
          <Select
            aria-label={TOOLBAR_TEXT.minBeds}
            options={ROOM_OPTIONS}
            value={draft.minBeds ?? 0}
            onChange={(v: number) => set({ minBeds: v || undefined })}
          />
        </label>
        <label className="dm-stb-field">
          <span>{TOOLBAR_TEXT.minBaths}</span>
          <Select
            aria-label={TOOLBAR_TEXT.minBaths}
            options={ROOM_OPTIONS}
            value={draft.minBaths ?? 0}
            onChange={(v: number) => set({ minBaths: v || undefined })}
          />
        </label>
      </div>
      <fieldset className="dm-stb-fieldset">
        <legend>{TOOLBAR_TEXT.deal}</legend>
        <Checkbox.Group<DealStatus>
          options={DEAL_ORDER.map((s) => ({ value: s, label: s }))}
          value={deal}
          onChange={(values) => set({ deal: values.length ? values : undefined })}
        />
      </fieldset>
      <div className="dm-stb-pair">
        <label className="dm-stb-field">
          <span>{TOOLBAR_TEXT.strategy}</span>
          <Select<StrategyKey>
            aria-label={TOOLBAR_TEXT.strategy}
            allowClear
            placeholder={TOOLBAR_TEXT.any}
            options={STRATEGY_OPTIONS}
            value={draft.strategy}
            onChange={(v) => set({ strategy: v, ...(v ? {} : { minCoc: undefined }) })}
          />
        </label>
        <label className="dm-stb-field">
          <span>{TOOLBAR_TEXT.minCoc}</span>
          <InputNumber<number>
            aria-label={TOOLBAR_TEXT.minCoc}
            disabled={!draft.strategy}
            step={1}
            value={draft.minCoc ?? null}
            onChange={(v) => set({ minCoc: v ?? undefined })}
            style={{ width: '100%' }}
          />
        </label>
      </div>
      <fieldset className="dm-stb-fieldset">
        <legend>{TOOLBAR_TEXT.days}</legend>
        <div className="dm-stb-pair">
          <DaysInput
            label={TOOLBAR_TEXT.minDays}
            name={TOOLBAR_TEXT.minDaysLabel}
            value={draft.minDays}
            onChange={(v) => set({ minDays: v })}
          />
          <DaysInput
            label={TOOLBAR_TEXT.maxDays}
            name={TOOLBAR_TEXT.maxDaysLabel}
            value={draft.maxDays}
            onChange={(v) => set({ maxDays: v })}
          />
        </div>
      </fieldset>
      <label className="dm-stb-field">
        <span>{TOOLBAR_TEXT.cut}</span>
        <Select<number>
          aria-label={TOOLBAR_TEXT.cut}
          options={cutOptions(draft.minCut)}
          value={draft.minCut ?? NO_CUT}
          onChange={(v) => set({ minCut: v === NO_CUT ? undefined : v })}
        />
      </label>
      <label className="dm-stb-field">
        <span>{TOOLBAR_TEXT.belowValue}</span>
        <Select<number>
          aria-label={TOOLBAR_TEXT.belowValue}
          options={belowValueOptions(draft.minBelowValue)}
          value={draft.minBelowValue ?? NO_BELOW_VALUE}
          onChange={(v) => set({ minBelowValue: v === NO_BELOW_VALUE ? undefined : v })}
        />
      </label>
      {problems.length ? <Alert type="error" showIcon role="alert" title={problems.join('. ')} /> : null}
      <div className="dm-stb-actions">
        <Button onClick={onReset}>{TOOLBAR_TEXT.reset}</Button>
        <Button type="primary" htmlType="submit" disabled={problems.length > 0}>
          {TOOLBAR_TEXT.apply}
        </Button>
      </div>
    </form>
  );
}

/**
 * Above the map and list: the sort and its order, the filters (in a drawer: from the right on a
 * desktop, from the bottom on a phone), the returns heat map's toggle, the count of what matches
 * and a one-click reset (of the filters and sort: the heat map stays as it is).
 */
export function SearchToolbar({ value, onChange, matching, total, onReset, actions }: SearchToolbarProps) {
  const [open, setOpen] = useState(false);
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const { filters, sort, order } = value;
  const active = activeFilterCount(filters);
  const isDefault = !hasFilters(filters) && sort === DEFAULT_SORT && order === DEFAULT_ORDER;

  return (
    <div className="dm-stb" role="toolbar" aria-label="Search settings">
      <Select<SortChoice>
        aria-label={TOOLBAR_TEXT.sortLabel}
        className="dm-stb-sort"
        options={SORT_CHOICES.map(({ value: choice, label }) => ({ value: choice, label }))}
        value={sortChoiceOf(sort, order)}
        onChange={(choice) => onChange(withSortChoice(value, choice))}
        prefix={phone ? undefined : `${TOOLBAR_TEXT.sortLabel}:`}
      />
      <Segmented<SortOrder>
        aria-label={TOOLBAR_TEXT.orderLabel}
        size={phone ? 'small' : 'middle'}
        options={orderOptions(sort)}
        value={order}
        onChange={(next) => onChange({ ...value, order: next })}
      />
      <Button onClick={() => setOpen(true)} type={active ? 'primary' : 'default'} ghost={active > 0}>
        {TOOLBAR_TEXT.filters(active)}
      </Button>
      <Button
        aria-pressed={value.returns === true}
        title={TOOLBAR_TEXT.returnsHint}
        type={value.returns ? 'primary' : 'default'}
        onClick={() => onChange({ ...value, returns: !value.returns })}
        data-testid="returns-toggle"
      >
        {TOOLBAR_TEXT.returns}
      </Button>
      <Button onClick={onReset} disabled={isDefault}>
        {TOOLBAR_TEXT.reset}
      </Button>
      {actions}
      <span className="dm-stb-count" aria-live="polite" data-testid="match-count">
        {matching !== null && total !== null ? matchCountText(matching, total) : ''}
      </span>
      <Drawer
        title={TOOLBAR_TEXT.drawerTitle}
        open={open}
        onClose={() => setOpen(false)}
        placement={phone ? 'bottom' : 'right'}
        size={phone ? 'large' : 'default'}
        destroyOnHidden
      >
        <FilterForm
          initial={filters}
          onApply={(next) => {
            onChange({ ...value, filters: next });
            setOpen(false);
          }}
          onReset={() => {
            onReset();
            setOpen(false);
          }}
        />
      </Drawer>
    </div>
  );
}
