import { Button, Drawer, Grid, Segmented, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { hasFilters, type SortOrder } from '../../../../shared/search-filters';
import { FilterForm } from './filter-form';
import { DEFAULT_ORDER, DEFAULT_SORT, type SearchSettings } from './search-settings';
import {
  activeFilterCount,
  matchCountText,
  orderOptions,
  SORT_CHOICES,
  sortChoiceOf,
  TOOLBAR_TEXT,
  withSortChoice,
  type SortChoice,
} from './search-toolbar-rules';
import './search-toolbar.css';

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
        onClick={() => onChange({ ...value, returns: !value.returns, pipeline: false })}
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
