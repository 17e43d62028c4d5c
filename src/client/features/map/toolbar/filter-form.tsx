import { Alert, Button, Checkbox, InputNumber, Select, type InputNumberProps } from 'antd';
import { useState } from 'react';
import type { DealStatus } from '../../../../shared/deal-status';
import type { StrategyKey } from '../../../../shared/investor-types';
import { FILTER_LIMITS, parseSearchFilters, searchFilterParams, type SearchFilters } from '../../../../shared/search-filters';
import { STRATEGY_TABS } from '../../deal';
import { belowValueOptions, cutOptions, NO_BELOW_VALUE, NO_CUT, TOOLBAR_TEXT } from './search-toolbar-rules';

/** Best to worst, as the legend reads. */
const DEAL_ORDER: DealStatus[] = ['Good Deal', 'Market Price', 'Overpriced'];
const ROOM_OPTIONS = [0, 1, 2, 3, 4, 5].map((n) => ({ value: n, label: n === 0 ? TOOLBAR_TEXT.any : `${n}+` }));
const STRATEGY_OPTIONS = STRATEGY_TABS.map((t) => ({ value: t.key, label: t.strategyName }));

interface FieldProps {
  label: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}

/** A number under its label (blank: undefined); `input` sets the field's own rules. */
function NumberField({ label, value, onChange, ...input }: FieldProps & Omit<InputNumberProps<number>, 'value' | 'onChange'>) {
  return (
    <label className="dm-stb-field">
      <span>{label}</span>
      <InputNumber<number>
        aria-label={label}
        min={0}
        {...input}
        value={value ?? null}
        onChange={(v) => onChange(v ?? undefined)}
        style={{ width: '100%' }}
      />
    </label>
  );
}

/** A whole number of days (blank: no limit). */
const DaysInput = ({ name, ...field }: FieldProps & { name: string }) => (
  <NumberField {...field} aria-label={name} max={FILTER_LIMITS.maxDays} step={1} precision={0} suffix={TOOLBAR_TEXT.daysUnit} />
);

/** Whole dollars, shown with thousands separators. */
const PriceInput = (field: FieldProps) => (
  <NumberField
    {...field}
    step={10_000}
    prefix="$"
    formatter={(v) => (v === undefined || String(v) === '' ? '' : Number(v).toLocaleString('en-US'))}
    parser={(v) => Number((v ?? '').replace(/[^\d.]/g, ''))}
  />
);

/** The filter form in the drawer: edited as a draft, applied when valid. */
export function FilterForm({
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
