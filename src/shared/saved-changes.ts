import type { PropertySnapshot } from './investor-types';

export interface FigureChange {
  then: number;
  now: number;
  changed: boolean;
}

export interface SavedChanges {
  price: FigureChange;
  rate: FigureChange;
  compsAdded: string[];
  compsDropped: string[];
  /** True when nothing differs. */
  none: boolean;
}

/** Rates are stored to two decimals; anything closer than that is no change. */
const RATE_EPSILON = 0.005;

/** What changed between a saved calculation's snapshot and the property now. */
export function savedChanges(saved: PropertySnapshot, current: PropertySnapshot): SavedChanges {
  const before = new Set(saved.compIDs);
  const after = new Set(current.compIDs);
  const compsAdded = current.compIDs.filter((id) => !before.has(id));
  const compsDropped = saved.compIDs.filter((id) => !after.has(id));
  const price = { then: saved.listPrice, now: current.listPrice, changed: saved.listPrice !== current.listPrice };
  const rate = { then: saved.rate, now: current.rate, changed: Math.abs(saved.rate - current.rate) >= RATE_EPSILON };
  return {
    price,
    rate,
    compsAdded,
    compsDropped,
    none: !price.changed && !rate.changed && !compsAdded.length && !compsDropped.length,
  };
}
