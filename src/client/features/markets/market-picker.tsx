import { Alert, Button, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Place } from '../../../shared/schemas/places';
import { marketIdOf, MAX_COMPARED_MARKETS } from '../../../shared/trends';
import { errorMessage } from '../../api/base-query';
import { useLazyGeocodeQuery } from '../../api/places-api';

export const PICKER_TEXT = {
  label: 'Add a city or ZIP',
  placeholder: 'Austin, TX or 78701',
  add: 'Add',
  adding: 'Finding…',
  full: `You are comparing ${MAX_COMPARED_MARKETS} markets: remove one to add another.`,
  choose: 'Which one?',
  already: (label: string) => `${label} is already compared`,
  remove: (label: string) => `Remove ${label}`,
} as const;

export interface PickedMarket {
  id: string;
  label: string;
}

/** The markets compared, as tags, and the place search that adds one (a choice when the name fits several). */
export function MarketPicker({
  picked,
  onAdd,
  onRemove,
}: {
  picked: readonly PickedMarket[];
  onAdd: (market: PickedMarket) => void;
  onRemove: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<Place[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [geocode] = useLazyGeocodeQuery();
  const [searching, setSearching] = useState(false);
  const full = picked.length >= MAX_COMPARED_MARKETS;

  const add = (place: Place) => {
    setChoices([]);
    setText('');
    if (picked.some((m) => m.id === marketIdOf(place))) setProblem(PICKER_TEXT.already(place.label));
    else onAdd({ id: marketIdOf(place), label: place.label });
  };
  const search = async (value: string) => {
    const q = value.trim();
    if (searching) return;
    setProblem(null);
    setChoices([]);
    if (!q) return;
    setSearching(true);
    try {
      const { places } = await geocode(q).unwrap();
      // One place found: it is added at once; several: the user picks one.
      if (places.length === 1) add(places[0]);
      else setChoices(places);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="dm-market-picker">
      {picked.length > 0 ? (
        <ul className="dm-market-tags" aria-label="Markets compared">
          {picked.map((m, i) => (
            <li key={m.id}>
              <Tag className="dm-market-tag">
                <span className={`dm-series-swatch dm-series-${i}`} aria-hidden="true" />
                {m.label}
                <Button
                  type="text"
                  size="small"
                  className="dm-market-remove"
                  aria-label={PICKER_TEXT.remove(m.label)}
                  onClick={() => onRemove(m.id)}
                >
                  ×
                </Button>
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <Typography.Text type="secondary">{PICKER_TEXT.full}</Typography.Text>
      ) : (
        <Input.Search
          className="dm-market-search"
          aria-label={PICKER_TEXT.label}
          placeholder={PICKER_TEXT.placeholder}
          // The button says it is looking (antd's loading icon could stay in the button's name, "loading
          // Add", after a search on a busy browser: its leave animation never ended).
          enterButton={searching ? PICKER_TEXT.adding : PICKER_TEXT.add}
          aria-busy={searching}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => void search(value)}
        />
      )}
      {problem ? <Alert type="warning" showIcon role="alert" title={problem} /> : null}
      {choices.length > 1 ? (
        <div role="group" aria-label={PICKER_TEXT.choose} className="dm-market-choices">
          <Typography.Text>{PICKER_TEXT.choose}</Typography.Text>
          <Space wrap>
            {choices.map((p) => (
              <Button key={marketIdOf(p)} onClick={() => add(p)}>
                {p.label}
              </Button>
            ))}
          </Space>
        </div>
      ) : null}
    </div>
  );
}
