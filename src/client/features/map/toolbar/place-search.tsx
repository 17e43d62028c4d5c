import { useMapsLibrary } from '@vis.gl/react-google-maps';
import { AutoComplete, Input } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_WIDTH,
  MAP_TEXT,
  PLACE_FIELDS,
  PLACE_INPUT_DEBOUNCE_MS,
  PLACE_LANGUAGE,
  PLACE_REGION_CODES,
} from '../map-constants';

type PlacePrediction = google.maps.places.PlacePrediction;

/** Autocomplete option: key, label, secondaryText, data. */
export interface PlaceOption {
  key: string;
  label: string;
  secondaryText: string;
  data: PlacePrediction;
}

export interface SelectedPlace {
  placeId?: string;
  name: string;
  formattedAddress: string;
  location: google.maps.LatLngLiteral;
  viewport: google.maps.LatLngBoundsLiteral | null;
}

export function toPlaceOptions(suggestions: google.maps.places.AutocompleteSuggestion[]): PlaceOption[] {
  const options: PlaceOption[] = [];
  for (const s of suggestions) {
    const p = s.placePrediction;
    if (!p) continue;
    options.push({
      key: p.placeId,
      label: p.mainText?.text ?? p.text?.text ?? '',
      secondaryText: p.secondaryText?.text ?? '',
      data: p,
    });
  }
  return options;
}

/**
 * What an option is announced as and selected by: its text, main then secondary ("Austin, TX, USA"),
 * never the place id (a screen reader reads an option's value). A repeated text gets a number.
 */
export function optionValues(options: PlaceOption[]): string[] {
  const seen = new Map<string, number>();
  return options.map((o) => {
    const text = [o.label, o.secondaryText].filter(Boolean).join(', ');
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return n === 1 ? text : `${text} (${n})`;
  });
}

/** No suggestions for empty input or when the input equals the selected place's name. */
export function shouldFetchSuggestions(input: string, selectedName: string | null): boolean {
  const text = input.trim();
  return text.length > 0 && text !== (selectedName ?? '').trim();
}

type PlacesLibrary = google.maps.PlacesLibrary;

async function fetchSuggestions(places: PlacesLibrary, input: string, sessionToken: google.maps.places.AutocompleteSessionToken) {
  const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
    input,
    sessionToken,
    includedRegionCodes: PLACE_REGION_CODES,
    language: PLACE_LANGUAGE,
  });
  return toPlaceOptions(suggestions);
}

/** A Maps object as its literal; a plain literal (the offline fake answers those) as it is. */
function toLiteral<L extends object>(value: L | { toJSON(): L }): L {
  const toJSON: unknown = Reflect.get(value, 'toJSON');
  return typeof toJSON === 'function' ? (toJSON as () => L).call(value) : (value as L);
}

async function placeDetails(option: PlaceOption): Promise<SelectedPlace | null> {
  const place = option.data.toPlace();
  await place.fetchFields({ fields: PLACE_FIELDS });
  const location = place.location;
  if (!location) return null;
  const viewport = place.viewport;
  return {
    placeId: option.key || place.id || undefined,
    name: place.displayName ?? option.label,
    formattedAddress: place.formattedAddress ?? [option.label, option.secondaryText].filter(Boolean).join(', '),
    location: toLiteral<google.maps.LatLngLiteral>(location),
    viewport: viewport ? toLiteral<google.maps.LatLngBoundsLiteral>(viewport) : null,
  };
}

/**
 * The place-search box at the map's top-left 'Loading...' until the Places
 * library is in; then an autocomplete restricted to the US in English, one session token per search
 * session (a new one after each selection). The two debounces run side by side from each keystroke
 * (not one after the other): 300 ms in the box (an emptied box empties the list), 400 ms in the
 * autocomplete (the suggestions are asked 400 ms after typing stops).
 * Prediction failures are logged and empty the list. `initialQuery` (the landing page's
 * `?place=`) runs at once and selects the first suggestion.
 */
export function PlaceSearch({ onPlace, initialQuery }: { onPlace: (place: SelectedPlace) => void; initialQuery?: string }) {
  const places = useMapsLibrary('places');
  const [text, setText] = useState(initialQuery ?? '');
  const [debounced, setDebounced] = useState('');
  const [options, setOptions] = useState<PlaceOption[]>([]);
  const [open, setOpen] = useState(false);
  const tokenRef = useRef<google.maps.places.AutocompleteSessionToken | null>(null);
  const selectedNameRef = useRef<string | null>(null);
  const handledInitial = useRef<string | null>(null);

  const token = useCallback(() => {
    if (!tokenRef.current && places) tokenRef.current = new places.AutocompleteSessionToken();
    return tokenRef.current!;
  }, [places]);

  const select = useCallback(
    async (option: PlaceOption) => {
      selectedNameRef.current = option.label;
      setText(option.label);
      setOptions([]);
      setOpen(false);
      try {
        const place = await placeDetails(option);
        if (!place) return;
        selectedNameRef.current = place.name;
        setText(place.name);
        onPlace(place);
      } catch (error) {
        console.error('Place details failed', error);
      } finally {
        tokenRef.current = null; // the session ends with a selection
      }
    },
    [onPlace],
  );

  // 300 ms in the box: an emptied box (or the chosen place's name) empties the list.
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), PLACE_INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!shouldFetchSuggestions(debounced, selectedNameRef.current)) setOptions([]);
  }, [debounced]);

  // 400 ms in the autocomplete, from the same keystroke.
  useEffect(() => {
    if (!places || !shouldFetchSuggestions(text, selectedNameRef.current)) return undefined;
    let stale = false;
    const timer = setTimeout(() => {
      fetchSuggestions(places, text.trim(), token())
        .then((list) => {
          if (!stale) setOptions(list);
        })
        .catch((error) => {
          console.error('Place predictions failed', error);
          if (!stale) setOptions([]);
        });
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, places, token]);

  // The landing page's search: run it now and take the first suggestion.
  useEffect(() => {
    const query = (initialQuery ?? '').trim();
    if (!places || !query || handledInitial.current === query) return;
    handledInitial.current = query;
    setText(query);
    fetchSuggestions(places, query, token())
      .then((list) => {
        if (list[0]) void select(list[0]);
        else setOptions([]);
      })
      .catch((error) => {
        console.error('Place predictions failed', error);
        setOptions([]);
      });
  }, [initialQuery, places, select, token]);

  if (!places) {
    return (
      <div className="dm-place-search dm-place-search-loading" role="status">
        {MAP_TEXT.loading}
      </div>
    );
  }

  const values = optionValues(options);
  return (
    <div className="dm-place-search">
      <AutoComplete
        value={text}
        open={open && text.trim().length > 0}
        onOpenChange={setOpen}
        popupMatchSelectWidth={AUTOCOMPLETE_WIDTH}
        style={{ width: AUTOCOMPLETE_WIDTH }}
        notFoundContent={MAP_TEXT.noResults}
        options={options.map((o, i) => ({
          key: o.key,
          value: values[i],
          label: (
            <div className="dm-place-option">
              <span className="dm-place-option-main">{o.label}</span>
              {o.secondaryText ? <span className="dm-place-option-secondary">{o.secondaryText}</span> : null}
            </div>
          ),
        }))}
        onSearch={(value) => {
          setText(value);
          setOpen(true);
          if (value.trim() !== (selectedNameRef.current ?? '')) selectedNameRef.current = null;
        }}
        onSelect={(value: string) => {
          const option = options[values.indexOf(value)];
          if (option) void select(option);
        }}
      >
        <Input placeholder={MAP_TEXT.placeholder} aria-label={MAP_TEXT.placeAriaLabel} allowClear />
      </AutoComplete>
    </div>
  );
}
