import { Select, Spin } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { ContactProperty } from '../../../shared/investor-types';
import { formatCurrency } from '../../../shared/format';
import { useContactPropertyOptionsQuery } from './contacts-api';
import { CONTACT_LIMITS, CONTACT_TEXT } from './contact-rules';
import { useDebouncedValue } from '../../components/use-debounced-value';

/** Same as the map's place-search input. */
const TYPING_DEBOUNCE_MS = 300;

interface PropertyPickerProps {
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** The properties already linked, so their addresses show before any search. */
  linked: ContactProperty[];
}

/** A multi-select of properties that searches GET /contacts/property-options?q= as the user types. */
export function PropertyPicker({ id, value = [], onChange, linked }: PropertyPickerProps) {
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), TYPING_DEBOUNCE_MS);
  const searching = q.length >= CONTACT_LIMITS.optionsQueryMin;
  const { data, isFetching } = useContactPropertyOptionsQuery(q, { skip: !searching });
  // Every property seen so far, so a chosen one keeps its address after the search moves on.
  const [seen, setSeen] = useState<Map<string, ContactProperty>>(() => new Map(linked.map((p) => [p._id, p])));
  const options = useMemo(() => {
    const shown = new Map<string, ContactProperty>();
    for (const chosen of value) {
      const known = seen.get(chosen);
      if (known) shown.set(chosen, known);
    }
    if (searching) for (const p of data ?? []) shown.set(p._id, p);
    return [...shown.values()].map((p) => ({ value: p._id, label: p.address, price: p.listPrice }));
  }, [value, seen, data, searching]);

  const handleChange = (ids: string[]) => {
    const found = new Map(seen);
    for (const p of data ?? []) found.set(p._id, p);
    setSeen(found);
    setTyped('');
    onChange?.(ids);
  };

  let notFound: ReactNode = CONTACT_TEXT.typeMore;
  if (searching) notFound = isFetching ? <Spin size="small" aria-label="Searching" /> : 'No results';

  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={handleChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onBlur={() => setTyped('')}
      notFoundContent={notFound}
      placeholder="Type part of an address"
      optionRender={(option) => (
        <span className="dm-property-option">
          {option.label}
          <span className="dm-choice-description"> {formatCurrency(option.data.price)}</span>
        </span>
      )}
      maxCount={CONTACT_LIMITS.properties}
    />
  );
}
