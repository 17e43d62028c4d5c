/**
 * Pure rules of a deal's views (the map popup, the property page): strategy tabs, comps summary (the
 * price position is src/shared/price-position.ts).
 */
import type { Strategy } from '../../../shared/api-types';
import type { StrategyKey } from '../../../shared/investor-types';
import type { Comp } from '../../../shared/schemas/property';
import type { PropertySummary } from '../../../shared/search-summary';
import { TOP_COMPS_COUNT } from './deal-constants';

export type StrategyTabKey = StrategyKey;

export interface StrategyTabDef {
  key: StrategyTabKey;
  label: 'Buy/Hold' | 'BRRRR' | 'Fix/Flip' | 'ST Rental';
  /** The strategy's name in the catalogue (GET /lookups/investmentStrategies). */
  strategyName: string;
}

/** In tab order. */
export const STRATEGY_TABS: readonly StrategyTabDef[] = [
  { key: 'buyHold', label: 'Buy/Hold', strategyName: 'Buy & Hold' },
  { key: 'brrrr', label: 'BRRRR', strategyName: 'BRRRR' },
  { key: 'fixFlip', label: 'Fix/Flip', strategyName: "Fix'N'Flip" },
  { key: 'shortTerm', label: 'ST Rental', strategyName: 'Short-term Rental' },
];

/** Names compare case-insensitively, with typographic apostrophes, dashes and spacing normalised. */
export function normalizeStrategyName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The strategy tabs to show: the strategy is in the user's profile (profile strategy ids matched
 * against the catalogue by id, then the catalogue entry by name) and the property has results for it
 * (its search summary has a cash-on-cash figure for it, so the tabs are known before the whole
 * property arrives and none appears or vanishes then).
 */
export function visibleStrategyTabs(
  profileStrategyIds: readonly string[] | null | undefined,
  catalogue: readonly Pick<Strategy, '_id' | 'name'>[] | null | undefined,
  property: Pick<PropertySummary, 'cashOnCash'> | null | undefined,
): StrategyTabDef[] {
  if (!property || !profileStrategyIds?.length || !catalogue?.length) return [];
  const chosen = new Set(profileStrategyIds);
  const names = new Set(catalogue.filter((s) => chosen.has(s._id)).map((s) => normalizeStrategyName(s.name)));
  return STRATEGY_TABS.filter((tab) => names.has(normalizeStrategyName(tab.strategyName)) && !!property.cashOnCash[tab.key]);
}

export interface CompsSummary {
  total: number;
  average: number | null;
  min: number | null;
  max: number | null;
  marketData: 'Available' | 'None';
}

export function compsSummary(comps: readonly Pick<Comp, 'MLSSoldPrice'>[]): CompsSummary {
  const prices = comps.map((c) => c.MLSSoldPrice).filter((p) => Number.isFinite(p));
  if (!prices.length) return { total: comps.length, average: null, min: null, max: null, marketData: 'None' };
  return {
    total: comps.length,
    average: prices.reduce((a, b) => a + b, 0) / prices.length,
    min: Math.min(...prices),
    max: Math.max(...prices),
    marketData: 'Available',
  };
}

/** The top comps by sold price, descending (spec: 5). */
export function topComps<T extends Pick<Comp, 'MLSSoldPrice'>>(comps: readonly T[], count = TOP_COMPS_COUNT): T[] {
  return [...comps].sort((a, b) => (b.MLSSoldPrice ?? 0) - (a.MLSSoldPrice ?? 0)).slice(0, count);
}
