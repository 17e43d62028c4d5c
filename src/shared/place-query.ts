/**
 * What a person types in the keyless search box: a ZIP ("78701", "78701-1234"), a city ("Austin")
 * or a city and its state ("Austin, TX", "austin tx", "Austin Texas"). Pure, so the client can
 * tell what it will ask and the server what it was asked.
 */
import { US_STATES, isUsStateCode } from './us-states';

export type PlaceQuery = { kind: 'zip'; zip: string } | { kind: 'city'; city: string; state?: string };

export const PLACE_MESSAGES = {
  empty: 'Type a city, a ZIP or "City, ST"',
  tooLong: 'A place is at most 100 characters',
  notFound: (text: string) => `No such place: "${text}". Try a city, a ZIP or "City, ST" of the listings.`,
} as const;

const byName = new Map<string, string>(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));

function stateOf(word: string): string | undefined {
  const w = word.trim().toLowerCase();
  if (w.length === 2 && isUsStateCode(w.toUpperCase())) return w.toUpperCase();
  return byName.get(w);
}

/** The place a text asks for, or the problem with it. */
export function parsePlaceQuery(text: string): PlaceQuery | { problem: string } {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (!clean) return { problem: PLACE_MESSAGES.empty };
  if (clean.length > 100) return { problem: PLACE_MESSAGES.tooLong };
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(clean);
  if (zip) return { kind: 'zip', zip: zip[1] };
  const comma = clean.lastIndexOf(',');
  if (comma > 0) {
    const state = stateOf(clean.slice(comma + 1));
    const city = clean.slice(0, comma).trim();
    if (state && city) return { kind: 'city', city, state };
  }
  // "Austin TX", "Kansas City Missouri", "Salt Lake City Utah": try the last one or two words as a state.
  const words = clean.replace(/,/g, ' ').trim().split(' ');
  for (const n of [2, 1]) {
    if (words.length > n) {
      const state = stateOf(words.slice(-n).join(' '));
      if (state) return { kind: 'city', city: words.slice(0, -n).join(' '), state };
    }
  }
  return { kind: 'city', city: clean.replace(/,\s*$/, '') };
}
