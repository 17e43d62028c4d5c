import type { ClosedRecord } from './backtest-rules';

/** One closed sale or lease as the server's read writes it: a JSON array of its fields in this order. */
type ClosedRow = [
  id: string,
  latitude: number,
  longitude: number,
  beds: number | null,
  baths: number | null,
  area: number | null,
  zip: string | null,
  city: string,
  state: string,
  amount: number,
  closeDate: string,
];

/**
 * A page of closed records from its JSON text; `intern` keeps one copy of each repeated text (ZIPs,
 * cities, states, dates) across the pages: a million records hold a few thousand.
 */
export function parseClosedPage(json: string, intern: (text: string) => string = (text) => text): ClosedRecord[] {
  return (JSON.parse(json) as ClosedRow[]).map(
    ([id, latitude, longitude, beds, baths, area, zip, city, state, amount, closeDate]) => ({
      id,
      latitude,
      longitude,
      beds,
      baths,
      area,
      zip: zip === null ? null : intern(zip),
      city: intern(city),
      state: intern(state),
      amount,
      closeDate: intern(closeDate),
    }),
  );
}

/** An intern function: the first copy of each text it is given. */
export function textInterner(): (text: string) => string {
  const texts = new Map<string, string>();
  return (text) => {
    const known = texts.get(text);
    if (known !== undefined) return known;
    texts.set(text, text);
    return text;
  };
}
