import { COMP_RULES, COMP_STEPS, selectComps, type CompCandidate } from '../comps';
import { estimateRent, LEASE_STEPS, MAX_LEASE_MONTHS, type LeaseCandidate } from '../rent-estimate';
import { dayNumber, monthsBefore } from '../stats';
import { estimateFromComps } from './adjusted-comps';
import { BACKTEST_RULES, type ClosedRecord, type EstimateKind, type TestedOutcome } from './backtest-rules';
import { marketKey, monthOfDay, type MarketModel } from './market-model';
import { ModelsByMonth, type Modelled } from './models-by-month';
import { TimeGrid } from './time-grid';
import { estimateComps, VALUE_RULES } from './value-estimate';

/**
 * The fold of an outcome: half calibrates the other half's ranges. A hash of the record's own facts
 * (where and when it closed), not of its database id, which is random: the same records give the same
 * folds, and so the same figures, in every database.
 */
export function foldOf(subject: { latitude: number; longitude: number; closeDay: number }): 0 | 1 {
  const key = `${subject.latitude},${subject.longitude},${subject.closeDay}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return ((h >>> 0) & 1) as 0 | 1;
}

/**
 * The radii a selection's steps search, smallest first: the candidates within one are gathered first,
 * and the answer stands when the step it came from searches no farther (every step before it, which
 * found too few, searched no farther either); else the next radius.
 */
const radii = (steps: ReadonlyArray<{ radiusMiles: number }>) =>
  [...new Set(steps.map((s) => s.radiusMiles))].sort((a, b) => a - b);
const COMP_RADII = radii(COMP_STEPS);
const LEASE_RADII = radii(LEASE_STEPS);

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
export const newestDate = (records: readonly ClosedRecord[]) =>
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
export interface Tested {
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

/** A subject of the backtest, and a candidate of those after it. */
type Subject = Modelled & { id: string; latitude: number; longitude: number };

/** What a kind's walk needs to know of it. */
interface KindOfWindow<T extends Subject> {
  /**
   * A closed record as a subject: the facts every kind has, its own amount added in place (a spread
   * into a new object made the backtest about three times slower).
   */
  subject: (facts: Subject, record: ClosedRecord) => T;
  /** What its market's model is fitted on (a price, a rent). */
  amount: (subject: T) => number;
  /** How many months before a subject its candidates may have closed. */
  monthsBack: number;
  /** The subject's outcome from the candidates `near` gathers within a radius; null without an estimate. */
  estimate: (subject: T, near: (radius: number) => T[], day: string, model: MarketModel | null) => TestedOutcome | null;
}

/**
 * Estimates every record that closed in the window from those that closed before it, in the order
 * they closed, with its market's model of the months before its own.
 */
async function testWindow<T extends Subject>(
  records: readonly ClosedRecord[],
  kind: KindOfWindow<T>,
  pause: () => Promise<void>,
): Promise<{ outcomes: TestedOutcome[]; tested: Tested }> {
  const tested = newTested();
  const asOf = newestDate(records);
  if (!asOf) return { outcomes: [], tested };
  const from = dayNumber(monthsBefore(asOf, BACKTEST_RULES.months));
  const keyOf = marketKeys();
  const candidates = byDay(
    records.map((r) =>
      kind.subject(
        {
          id: r.id,
          latitude: r.latitude,
          longitude: r.longitude,
          beds: r.beds,
          baths: r.baths,
          area: r.area,
          zip: r.zip,
          closeDay: dayNumber(r.closeDate),
          market: keyOf(r.city, r.state),
        },
        r,
      ),
    ),
  );
  const grid = new TimeGrid(candidates);
  const models = new ModelsByMonth(candidates, kind.amount);
  const dayBefore = lookBack(kind.monthsBack);
  const near: T[] = [];
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
    const gather = (radius: number) => grid.gather(subject.latitude, subject.longitude, radius, windowStart, asOfDay, near);
    const outcome = kind.estimate(subject, gather, day, models.at(subject.market, monthOfDay(subject.closeDay)));
    if (outcome) outcomes.push(outcome);
  }
  return { outcomes, tested };
}

/** An outcome, with the spread of the comps' adjusted amounts around its estimate. */
const outcomeOf = (
  kind: EstimateKind,
  subject: Subject,
  estimate: number,
  actual: number,
  adjusted: readonly number[],
): TestedOutcome => ({
  kind,
  id: subject.id,
  market: subject.market,
  zip: subject.zip ?? null,
  estimate,
  actual,
  compsLower: Math.log(Math.min(...adjusted) / estimate),
  compsUpper: Math.log(Math.max(...adjusted) / estimate),
  fold: foldOf(subject),
});

/** Estimates every sale of the window from the sales before it. */
export const testSales = (sales: readonly ClosedRecord[], pause: () => Promise<void>) =>
  testWindow<CompCandidate & { market: string }>(
    sales,
    {
      subject: (facts, s) => Object.assign(facts, { closePrice: s.amount, closeDate: s.closeDate }),
      amount: (c) => c.closePrice,
      monthsBack: COMP_RULES.monthsBack,
      estimate: (subject, near, day, model) => {
        let selection = selectComps(subject, [], day);
        for (const radius of COMP_RADII) {
          selection = selectComps(subject, near(radius), day);
          if (COMP_STEPS[selection.step].radiusMiles <= radius && selection.comps.length >= COMP_RULES.minComps) break;
        }
        if (selection.comps.length < VALUE_RULES.minComps) return null;
        const result = estimateFromComps(subject, estimateComps(selection.comps), model);
        if (!result) return null;
        const adjusted = result.comps.map((c) => c.adjusted);
        return outcomeOf('value', subject, result.amount, subject.closePrice, adjusted);
      },
    },
    pause,
  );

/** Estimates every lease of the window from the leases before it. */
export const testLeases = (leases: readonly ClosedRecord[], pause: () => Promise<void>) =>
  testWindow<LeaseCandidate & Modelled>(
    leases,
    {
      subject: (facts, l) => Object.assign(facts, { rent: l.amount }),
      amount: (c) => c.rent,
      monthsBack: MAX_LEASE_MONTHS,
      estimate: (subject, near, day, model) => {
        let result = estimateRent(subject, [], day, model);
        for (const radius of LEASE_RADII) {
          result = estimateRent(subject, near(radius), day, model);
          if (result.step >= 0 && LEASE_STEPS[result.step].radiusMiles <= radius) break;
        }
        if (result.exact === null) return null;
        return outcomeOf(
          'rent',
          subject,
          result.exact,
          subject.rent,
          result.leases.map((l) => l.adjustedRent),
        );
      },
    },
    pause,
  );
