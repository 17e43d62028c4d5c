import { conformalBounds, widerBounds, type RangeBounds } from './conformal';
import { marketKey } from './market-model';
import { RANGE_ROUND_TO } from './ranges';
import { errorHistogram, ratioStudy } from './ratio-study';
import { BACKTEST_RULES, type ClosedRecord, type EstimateKind, type MarketFigures, type TestedOutcome } from './backtest-rules';
import type { Tested } from './backtest-runs';

/**
 * Gives each outcome the range it would have been shown, from bounds its calibration did not see:
 * its market's bounds from the other fold (a market of MIN_MARKET_OUTCOMES or more), else the wider of
 * its comps' spread and every market's bounds from the other fold. Returns the bounds shown from now on.
 */
function calibrate(outcomes: TestedOutcome[]): { markets: Map<string, RangeBounds | null>; pooled: RangeBounds | null } {
  const logError = (o: TestedOutcome) => Math.log(o.actual / o.estimate);
  const byMarket = new Map<string, TestedOutcome[]>();
  for (const o of outcomes) {
    let list = byMarket.get(o.market);
    if (!list) byMarket.set(o.market, (list = []));
    list.push(o);
  }
  const foldBounds = (list: readonly TestedOutcome[]) =>
    ([0, 1] as const).map((f) => conformalBounds(list.filter((o) => o.fold === f).map(logError)));
  const pooledFolds = foldBounds(outcomes);
  const markets = new Map<string, RangeBounds | null>();
  for (const [market, list] of byMarket) {
    const own = list.length >= BACKTEST_RULES.minMarketOutcomes;
    const folds = own ? foldBounds(list) : null;
    for (const o of list) {
      const other = o.fold === 0 ? 1 : 0;
      const marketBounds = folds?.[other];
      const bounds =
        marketBounds ??
        (pooledFolds[other] ? widerBounds(pooledFolds[other], { lower: o.compsLower, upper: o.compsUpper }) : null);
      if (!bounds) continue;
      // Rounded outwards, as the range is shown (estimateRange).
      const step = RANGE_ROUND_TO[o.kind];
      o.low = Math.floor((o.estimate * Math.exp(bounds.lower)) / step) * step;
      o.high = Math.ceil((o.estimate * Math.exp(bounds.upper)) / step) * step;
    }
    markets.set(market, own ? conformalBounds(list.map(logError)) : null);
  }
  return { markets, pooled: conformalBounds(outcomes.map(logError)) };
}

/** The figures of one kind's outcomes: over all, per market, per ZIP of each market. */
export function figuresOf(
  kind: EstimateKind,
  outcomes: TestedOutcome[],
  tested: Tested,
  names: Map<string, { city: string; state: string }>,
): MarketFigures[] {
  const { markets, pooled } = calibrate(outcomes);
  const closed = tested.markets;
  const closedZip = tested.zips;
  const figures: MarketFigures[] = [
    {
      kind,
      level: 'all',
      city: '',
      state: '',
      zip: '',
      tested: [...closed.values()].reduce((s, n) => s + n, 0),
      study: ratioStudy(outcomes),
      histogram: errorHistogram(outcomes),
      bounds: pooled,
      basis: 'pooled',
    },
  ];
  const byMarket = new Map<string, TestedOutcome[]>();
  for (const o of outcomes) {
    let list = byMarket.get(o.market);
    if (!list) byMarket.set(o.market, (list = []));
    list.push(o);
  }
  for (const [market, count] of [...closed].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const { city, state } = names.get(market) as { city: string; state: string };
    const list = byMarket.get(market) ?? [];
    const bounds = markets.get(market) ?? null;
    figures.push({
      kind,
      level: 'city',
      city,
      state,
      zip: '',
      tested: count,
      study: ratioStudy(list),
      histogram: errorHistogram(list),
      bounds: bounds ?? pooled,
      basis: bounds ? 'market' : 'pooled',
    });
    const byZip = new Map<string, TestedOutcome[]>();
    for (const o of list) {
      if (!o.zip) continue;
      let zipList = byZip.get(o.zip);
      if (!zipList) byZip.set(o.zip, (zipList = []));
      zipList.push(o);
    }
    for (const [zip, zipList] of [...byZip].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (zipList.length < BACKTEST_RULES.minZipOutcomes) continue;
      figures.push({
        kind,
        level: 'zip',
        city,
        state,
        zip,
        tested: closedZip.get(`${market}|${zip}`) ?? zipList.length,
        study: ratioStudy(zipList),
        histogram: errorHistogram(zipList),
        bounds: null,
        basis: bounds ? 'market' : 'pooled',
      });
    }
  }
  return figures;
}

/** The market's name as its records spell it most often. */
export function marketNames(lists: ReadonlyArray<readonly ClosedRecord[]>): Map<string, { city: string; state: string }> {
  const counts = new Map<string, Map<string, number>>();
  for (const list of lists)
    for (const r of list) {
      const market = marketKey(r.city, r.state);
      let spellings = counts.get(market);
      if (!spellings) counts.set(market, (spellings = new Map<string, number>()));
      const spelling = `${r.city.trim()}|${r.state.trim().toUpperCase()}`;
      spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
    }
  const names = new Map<string, { city: string; state: string }>();
  for (const [market, spellings] of counts) {
    const [best] = [...spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    const [city, state] = best.split('|');
    names.set(market, { city, state });
  }
  return names;
}
