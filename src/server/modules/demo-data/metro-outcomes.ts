import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * What an investor reads in six demo metros, two expensive, one middle, three cheap (docs/listings.md,
 * "Demo data: what the strategies show"): every listing within METRO_SPAN_DEGREES (latitude and
 * longitude) of the metro's centre, the share whose flip and BRRRR pay and the median Buy & Hold
 * cash-on-cash. The demo-data test holds the generator to these, and `npm run demo-data -- --report`
 * prints them for the data in a database.
 */
export interface MetroCentre {
  city: string;
  state: string;
  /** Downtown (city hall). */
  latitude: number;
  longitude: number;
}

export const OUTCOME_METROS: readonly MetroCentre[] = [
  { city: 'Austin', state: 'TX', latitude: 30.2672, longitude: -97.7431 },
  { city: 'Houston', state: 'TX', latitude: 29.7604, longitude: -95.3698 },
  { city: 'Indianapolis', state: 'IN', latitude: 39.7684, longitude: -86.1581 },
  { city: 'Memphis', state: 'TN', latitude: 35.1495, longitude: -90.049 },
  { city: 'Cleveland', state: 'OH', latitude: 41.4993, longitude: -81.6944 },
  { city: 'Detroit', state: 'MI', latitude: 42.3314, longitude: -83.0458 },
];

export const METRO_SPAN_DEGREES = 0.15;

export interface MetroOutcome {
  city: string;
  state: string;
  listings: number;
  /** Percent of the listings whose Fix'N'Flip projectedProfit is above 0. */
  flipsPayPercent: number;
  /** Percent of the listings whose BRRRR cash-on-cash is above 0 or infinite. */
  brrrrPaysPercent: number;
  /** Median Buy & Hold cash-on-cash, percent (an infinite one counts as the highest); null without listings. */
  buyHoldMedianCoc: number | null;
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function metroOutcomes(db: Db, metros: readonly MetroCentre[] = OUTCOME_METROS): Promise<MetroOutcome[]> {
  const out: MetroOutcome[] = [];
  for (const m of metros) {
    const { rows } = await sql<{
      profit: number | null;
      brrrr_coc: number | null;
      brrrr_inf: boolean | null;
      bh_coc: number | null;
      bh_inf: boolean | null;
    }>`
      select (fix_flip->>'projectedProfit')::float8 as profit,
             (brrrr->>'cashOnCashRoi')::float8 as brrrr_coc, (brrrr->>'cashOnCashInfinite')::boolean as brrrr_inf,
             (buy_hold->>'cashOnCashRoi')::float8 as bh_coc, (buy_hold->>'cashOnCashInfinite')::boolean as bh_inf
      from properties
      where latitude between ${m.latitude - METRO_SPAN_DEGREES} and ${m.latitude + METRO_SPAN_DEGREES}
        and longitude between ${m.longitude - METRO_SPAN_DEGREES} and ${m.longitude + METRO_SPAN_DEGREES}`.execute(db);
    const n = rows.length;
    const percent = (count: number) => (n ? (count / n) * 100 : 0);
    const bh = rows
      .map((r) => (r.bh_inf ? Infinity : r.bh_coc))
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    out.push({
      city: m.city,
      state: m.state,
      listings: n,
      flipsPayPercent: percent(rows.filter((r) => (r.profit ?? 0) > 0).length),
      brrrrPaysPercent: percent(rows.filter((r) => r.brrrr_inf === true || (r.brrrr_coc ?? 0) > 0).length),
      buyHoldMedianCoc: median(bh),
    });
  }
  return out;
}

/** The outcomes as a Markdown table (docs/listings.md prints it). */
export function formatMetroOutcomes(outcomes: readonly MetroOutcome[]): string {
  const pct = (v: number) => `${v.toFixed(1)}%`;
  const signed = (v: number | null) =>
    v === null ? '—' : !Number.isFinite(v) ? '∞' : `${v < 0 ? '−' : '+'}${Math.abs(v).toFixed(1)}%`;
  return [
    '| Metro | listings | flips that pay | BRRRRs that pay | buy & hold median cash-on-cash |',
    '|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.city} | ${o.listings.toLocaleString('en-US')} | ${pct(o.flipsPayPercent)} | ${pct(o.brrrrPaysPercent)} | ${signed(o.buyHoldMedianCoc)} |`,
    ),
  ].join('\n');
}
