import { COMP_RULES, COMP_STEPS, selectComps, type CompCandidate } from '../comps';
import { boundingBox } from '../geo/distance';
import { estimateRent, LEASE_STEPS, MAX_LEASE_MONTHS, type LeaseCandidate } from '../rent-estimate';
import { dayNumber, monthsBefore } from '../stats';
import { conformalBounds, widerBounds, type RangeBounds } from './conformal';
import { RANGE_ROUND_TO } from './ranges';
import {
  addObservation,
  emptyCell,
  fitMarketModel,
  marketKey,
  modelable,
  monthOfDay,
  type MarketModel,
  type ModelCell,
} from './market-model';
import { errorHistogram, ratioStudy, type Outcome, type RatioStudy } from './ratio-study';
import { estimateComps, VALUE_RULES } from './value-estimate';
import { estimateFromComps } from './adjusted-comps';

/**
 * The backtest (docs/accuracy.md): every sale and every lease that closed in the 12 months up to the
 * newest one, estimated as it would have been the day before it closed — comps that closed earlier
 * (itself excluded), the market model fitted on the months before its own — and compared with what
 * it really sold or leased for. Then, per market, the errors give the ranges' bounds
 * (split-conformal), measured on outcomes their calibration did not see, and the ratio study per
 * market, per ZIP and over all. Pure: the server reads the rows and stores what comes out.
 */

export const BACKTEST_RULES = {
  /** Outcomes of the last this many months are tested. */
  months: 12,
  /** A market with fewer backtested outcomes than this takes the wider of the comps' spread and the all-markets bounds. */
  minMarketOutcomes: 200,
  /** ZIPs with fewer outcomes than this are not published on their own. */
  minZipOutcomes: 20,
  /** Subjects estimated between two calls of `pause` (the server yields to requests there when it has run long enough). */
  chunk: 100,
} as const;

export type EstimateKind = 'value' | 'rent';

/** A closed sale (amount: its price) or lease (amount: its monthly rent). */
export interface ClosedRecord {
  id: string;
  latitude: number;
  longitude: number;
  beds: number | null;
  baths: number | null;
  area: number | null;
  zip: string | null;
  city: string;
  state: string;
  amount: number;
  /** YYYY-MM-DD */
  closeDate: string;
}

export interface BacktestInput {
  sales: readonly ClosedRecord[];
  leases: readonly ClosedRecord[];
}

/** One tested outcome. */
export interface TestedOutcome extends Outcome {
  kind: EstimateKind;
  id: string;
  market: string;
  zip: string | null;
  /** The comps' own spread (log of the lowest and highest adjusted comp against the estimate). */
  compsLower: number;
  compsUpper: number;
  fold: 0 | 1;
}

export interface MarketFigures {
  kind: EstimateKind;
  level: 'all' | 'city' | 'zip';
  city: string;
  state: string;
  zip: string;
  /** Closed in the window (tested) and those with an estimate (enough comps). */
  tested: number;
  study: RatioStudy | null;
  histogram: number[];
  /** The bounds of the ranges shown in this market now (city level), else null. */
  bounds: RangeBounds | null;
  basis: 'market' | 'pooled';
}

export interface BacktestResult {
  /** The newest sale's and lease's dates: the window's ends. */
  salesAsOf: string | null;
  leasesAsOf: string | null;
  figures: MarketFigures[];
  /** Outcomes tested (with an estimate) and closed in the window, per kind. */
  counts: Record<EstimateKind, { tested: number; estimated: number }>;
}

/** The fold of an outcome (a hash of its id): half calibrates the other half's ranges. */
export function foldOf(id: string): 0 | 1 {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return ((h >>> 0) & 1) as 0 | 1;
}

const GRID = 0.01;
const cellIndex = (v: number) => Math.floor(v / GRID);
/** A cell's key as a number (a text key was a string built per cell looked up: garbage by the million). */
const cellKey = (la: number, ln: number) => (la + 20_000) * 40_000 + (ln + 20_000);

/**
 * The radii a selection's steps search, smallest first: the candidates within one are gathered first,
 * and the answer stands when the step it came from searches no farther (every step before it, which
 * found too few, searched no farther either); else the next radius.
 */
const radii = (steps: ReadonlyArray<{ radiusMiles: number }>) =>
  [...new Set(steps.map((s) => s.radiusMiles))].sort((a, b) => a - b);
const COMP_RADII = radii(COMP_STEPS);
const LEASE_RADII = radii(LEASE_STEPS);

/** Records by grid cell, each cell's sorted by close day (the candidates of a day are a slice). */
class TimeGrid<T extends { latitude: number; longitude: number; closeDay: number }> {
  private readonly cells = new Map<number, T[]>();
  constructor(records: readonly T[]) {
    for (const r of records) {
      const key = cellKey(cellIndex(r.latitude), cellIndex(r.longitude));
      let list = this.cells.get(key);
      if (!list) this.cells.set(key, (list = []));
      list.push(r);
    }
    for (const list of this.cells.values()) list.sort((a, b) => a.closeDay - b.closeDay);
  }

  /** The records within `miles` of a point's box that closed in [from, to], into `out` (cleared first). */
  gather(latitude: number, longitude: number, miles: number, from: number, to: number, out: T[]): T[] {
    out.length = 0;
    const box = boundingBox(latitude, longitude, miles);
    for (let la = cellIndex(box.south); la <= cellIndex(box.north); la++) {
      for (let ln = cellIndex(box.west); ln <= cellIndex(box.east); ln++) {
        const list = this.cells.get(cellKey(la, ln));
        if (!list) continue;
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (list[mid].closeDay < from) lo = mid + 1;
          else hi = mid;
        }
        for (let k = lo; k < list.length && list[k].closeDay <= to; k++) out.push(list[k]);
      }
    }
    return out;
  }
}

/** The models of each market as of each month: fitted on the months before it. */
interface Modelled {
  market: string;
  zip: string | null;
  closeDay: number;
  area: number | null;
  beds: number | null;
  baths: number | null;
}

class ModelsByMonth<T extends Modelled> {
  private readonly cells = new Map<string, ModelCell[]>();
  private readonly fitted = new Map<string, MarketModel | null>();
  constructor(records: readonly T[], amountOf: (record: T) => number) {
    const byKey = new Map<string, ModelCell>();
    for (const r of records) {
      const amount = amountOf(r);
      if (!modelable({ ...r, amount })) continue;
      const market = r.market;
      const month = monthOfDay(r.closeDay);
      const key = `${market}|${r.zip}|${month}`;
      let cell = byKey.get(key);
      if (!cell) {
        byKey.set(key, (cell = emptyCell(r.zip as string, month)));
        let list = this.cells.get(market);
        if (!list) this.cells.set(market, (list = []));
        list.push(cell);
      }
      addObservation(cell, { amount, area: r.area as number, beds: r.beds as number, baths: r.baths as number });
    }
  }

  /** The market's model for a subject closing in `month`: its cells up to the month before. */
  at(market: string, month: number): MarketModel | null {
    const key = `${market}|${month}`;
    if (!this.fitted.has(key)) this.fitted.set(key, fitMarketModel(this.cells.get(market) ?? [], month - 1));
    return this.fitted.get(key) ?? null;
  }
}

const dateOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** A subject's day before, as text, and the first day of the look-back that ends there (the same for a day's subjects). */
function lookBack(months: number): (closeDay: number) => { day: string; asOfDay: number; windowStart: number } {
  const memo = new Map<number, { day: string; asOfDay: number; windowStart: number }>();
  return (closeDay) => {
    let found = memo.get(closeDay);
    if (!found) {
      const day = dateOfDay(closeDay - 1);
      memo.set(closeDay, (found = { day, asOfDay: closeDay - 1, windowStart: dayNumber(monthsBefore(day, months)) }));
    }
    return found;
  };
}

/** The newest close date of some records (null for none). */
const newestDate = (records: readonly ClosedRecord[]) =>
  records.reduce<string | null>((newest, r) => (newest === null || r.closeDate > newest ? r.closeDate : newest), null);

/** marketKey, one string per market (a record each would be a million copies of a few dozen keys). */
function marketKeys(): (city: string, state: string) => string {
  const keys = new Map<string, Map<string, string>>();
  return (city, state) => {
    let byState = keys.get(city);
    if (!byState) keys.set(city, (byState = new Map<string, string>()));
    let key = byState.get(state);
    if (key === undefined) byState.set(state, (key = marketKey(city, state)));
    return key;
  };
}

/** Sorted by close day: the backtest's subjects in the order they closed. */
const byDay = <T extends { closeDay: number }>(records: T[]): T[] => records.sort((a, b) => a.closeDay - b.closeDay);

/** What closed in the window, per market and per market and ZIP (estimated or not). */
interface Tested {
  count: number;
  markets: Map<string, number>;
  zips: Map<string, number>;
}

const newTested = (): Tested => ({ count: 0, markets: new Map(), zips: new Map() });

function countTested(tested: Tested, market: string, zip: string | null): void {
  tested.count++;
  tested.markets.set(market, (tested.markets.get(market) ?? 0) + 1);
  const key = `${market}|${zip}`;
  tested.zips.set(key, (tested.zips.get(key) ?? 0) + 1);
}

/** Estimates every sale of the window from the sales before it. */
async function testSales(
  sales: readonly ClosedRecord[],
  pause: () => Promise<void>,
): Promise<{ outcomes: TestedOutcome[]; tested: Tested }> {
  const tested = newTested();
  const asOf = newestDate(sales);
  if (!asOf) return { outcomes: [], tested };
  const from = dayNumber(monthsBefore(asOf, BACKTEST_RULES.months));
  const keyOf = marketKeys();
  const candidates: Array<CompCandidate & { market: string }> = byDay(
    sales.map((s) => ({
      id: s.id,
      latitude: s.latitude,
      longitude: s.longitude,
      beds: s.beds,
      baths: s.baths,
      area: s.area,
      zip: s.zip,
      closePrice: s.amount,
      closeDate: s.closeDate,
      closeDay: dayNumber(s.closeDate),
      market: keyOf(s.city, s.state),
    })),
  );
  const grid = new TimeGrid(candidates);
  const models = new ModelsByMonth(candidates, (c) => c.closePrice);
  const dayBefore = lookBack(COMP_RULES.monthsBack);
  const near: typeof candidates = [];
  const outcomes: TestedOutcome[] = [];
  let sinceLast = 0;
  for (const subject of candidates) {
    if (subject.closeDay <= from) continue;
    countTested(tested, subject.market, subject.zip);
    if (++sinceLast === BACKTEST_RULES.chunk) {
      sinceLast = 0;
      await pause();
    }
    const { day, asOfDay, windowStart } = dayBefore(subject.closeDay);
    let selection = selectComps(subject, [], day);
    for (const radius of COMP_RADII) {
      selection = selectComps(subject, grid.gather(subject.latitude, subject.longitude, radius, windowStart, asOfDay, near), day);
      if (COMP_STEPS[selection.step].radiusMiles <= radius && selection.comps.length >= COMP_RULES.minComps) break;
    }
    const model = models.at(subject.market, monthOfDay(subject.closeDay));
    if (selection.comps.length < VALUE_RULES.minComps) continue;
    const result = estimateFromComps(subject, estimateComps(selection.comps), model);
    if (!result) continue;
    const estimate = result.amount;
    const adjusted = result.comps.map((c) => c.adjusted);
    outcomes.push({
      kind: 'value',
      id: subject.id,
      market: subject.market,
      zip: subject.zip,
      estimate,
      actual: subject.closePrice,
      compsLower: Math.log(Math.min(...adjusted) / estimate),
      compsUpper: Math.log(Math.max(...adjusted) / estimate),
      fold: foldOf(subject.id),
    });
  }
  return { outcomes, tested };
}

/** Estimates every lease of the window from the leases before it. */
async function testLeases(
  leases: readonly ClosedRecord[],
  pause: () => Promise<void>,
): Promise<{ outcomes: TestedOutcome[]; tested: Tested }> {
  const tested = newTested();
  const asOf = newestDate(leases);
  if (!asOf) return { outcomes: [], tested };
  const from = dayNumber(monthsBefore(asOf, BACKTEST_RULES.months));
  const keyOf = marketKeys();
  const candidates: Array<LeaseCandidate & Modelled> = byDay(
    leases.map((l) => ({
      id: l.id,
      latitude: l.latitude,
      longitude: l.longitude,
      beds: l.beds,
      baths: l.baths,
      area: l.area,
      zip: l.zip,
      rent: l.amount,
      closeDay: dayNumber(l.closeDate),
      market: keyOf(l.city, l.state),
    })),
  );
  const grid = new TimeGrid(candidates);
  const models = new ModelsByMonth(candidates, (c) => c.rent);
  const dayBefore = lookBack(MAX_LEASE_MONTHS);
  const near: typeof candidates = [];
  const outcomes: TestedOutcome[] = [];
  let sinceLast = 0;
  for (const subject of candidates) {
    if (subject.closeDay <= from) continue;
    countTested(tested, subject.market, subject.zip);
    if (++sinceLast === BACKTEST_RULES.chunk) {
      sinceLast = 0;
      await pause();
    }
    const { day, asOfDay, windowStart } = dayBefore(subject.closeDay);
    const model = models.at(subject.market, monthOfDay(subject.closeDay));
    let result = estimateRent(subject, [], day, model);
    for (const radius of LEASE_RADII) {
      result = estimateRent(
        subject,
        grid.gather(subject.latitude, subject.longitude, radius, windowStart, asOfDay, near),
        day,
        model,
      );
      if (result.step >= 0 && LEASE_STEPS[result.step].radiusMiles <= radius) break;
    }
    if (result.exact === null) continue;
    const rents = result.leases.map((l) => l.adjustedRent);
    outcomes.push({
      kind: 'rent',
      id: subject.id,
      market: subject.market,
      zip: subject.zip ?? null,
      estimate: result.exact,
      actual: subject.rent,
      compsLower: Math.log(Math.min(...rents) / result.exact),
      compsUpper: Math.log(Math.max(...rents) / result.exact),
      fold: foldOf(subject.id),
    });
  }
  return { outcomes, tested };
}

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
function figuresOf(
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
function marketNames(lists: ReadonlyArray<readonly ClosedRecord[]>): Map<string, { city: string; state: string }> {
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

/** The whole backtest: `pause` is awaited every BACKTEST_RULES.chunk subjects. */
export async function runBacktest(
  input: BacktestInput,
  pause: () => Promise<void> = async () => undefined,
): Promise<BacktestResult & { outcomes: TestedOutcome[] }> {
  const names = marketNames([input.sales, input.leases]);
  const value = await testSales(input.sales, pause);
  await pause();
  const rent = await testLeases(input.leases, pause);
  const figures = [
    ...figuresOf('value', value.outcomes, value.tested, names),
    ...figuresOf('rent', rent.outcomes, rent.tested, names),
  ];
  return {
    salesAsOf: newestDate(input.sales),
    leasesAsOf: newestDate(input.leases),
    figures,
    counts: {
      value: { tested: value.tested.count, estimated: value.outcomes.length },
      rent: { tested: rent.tested.count, estimated: rent.outcomes.length },
    },
    outcomes: [...value.outcomes, ...rent.outcomes],
  };
}
