import type { Db } from '../../db/database';
import { marketKey } from '../../../shared/valuation/market-model';
import { createMarketsRepository, type MarketOverrides } from '../catalog';
import { assumptionsFor, strategyCalculator, type EngineInputs, type StrategyResults } from './analysis';

export type Calculator = (inputs: EngineInputs) => StrategyResults;

/**
 * The strategy calculator of a listing's market at `rate`: markets with assumption overrides get
 * their own, every other listing the defaults'. Built once per batch, not per listing.
 */
export async function calculatorsAt(db: Db, rate: number | null): Promise<(city: string, state: string) => Calculator> {
  return calculatorsFor(rate, await createMarketsRepository(db).withOverrides());
}

/** calculatorsAt, from markets already read. */
export function calculatorsFor(rate: number | null, markets: MarketOverrides[]): (city: string, state: string) => Calculator {
  const fallback = strategyCalculator(assumptionsFor(rate));
  if (!markets.length) return () => fallback;
  const byMarket = new Map(
    markets.map((m) => [marketKey(m.city, m.state), strategyCalculator(assumptionsFor(rate, m.assumptions))]),
  );
  // Listings of a city spell it the same way: remember each spelling's calculator.
  const bySpelling = new Map<string, Calculator>();
  return (city, state) => {
    const spelling = `${city}\u0000${state}`;
    let calculator = bySpelling.get(spelling);
    if (!calculator) bySpelling.set(spelling, (calculator = byMarket.get(marketKey(city, state)) ?? fallback));
    return calculator;
  };
}
