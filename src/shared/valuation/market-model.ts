/**
 * A market's model of prices (or rents): what the value and rent estimates adjust their comps with
 * (docs/accuracy.md, "The market model"). Per market (a city and its state), from its own closed
 * sales (or leases) of the months before the estimate:
 *
 *   log(price) = μ + β_area·log(area) + β_beds·beds + β_baths·baths + α_zip + γ_month + ε
 *
 * a hedonic regression with a location level per ZIP (α, shrunk towards the market's by a ridge
 * penalty, so a ZIP of few sales says little) and a monthly price index (γ, the "time dummy" index
 * of Eurostat's Handbook on Residential Property Price Indices, ch. 5, held to a random walk by a
 * penalty on each month's change, so a thin month follows its neighbours). γ is 0 at the window's
 * last month: exp(−γ_m) brings a price of month m to that month.
 *
 * The regression is solved from sufficient statistics per (ZIP, month) cell — counts, sums and
 * cross-products — so the database can aggregate millions of sales into a few thousand rows and the
 * backtest can add its sales to the same cells in memory (both go through `fitMarketModel`).
 */

/** The three features beside the ZIP and the month: log(area), bedrooms, bathrooms (full + half + three-quarter). */
export const FEATURES = 3;

/** Sufficient statistics of the observations of one ZIP in one month. */
export interface ModelCell {
  zip: string;
  /** Months since year 0 (year × 12 + month − 1): monthNumber(). */
  month: number;
  n: number;
  sumY: number;
  sumYY: number;
  /** Σx per feature (log area, beds, baths). */
  sumX: [number, number, number];
  /** Σx_j·x_k, row-major 3 × 3 (symmetric). */
  sumXX: number[];
  /** Σx_j·y. */
  sumXY: [number, number, number];
}

export interface ModelObservation {
  zip: string;
  month: number;
  /** The price or the monthly rent. */
  amount: number;
  area: number;
  beds: number;
  baths: number;
}

export const MODEL_RULES = {
  /** Months of sales a model is fitted on, ending with its reference month. */
  windowMonths: 24,
  /** Fewer observations in the window: no model (the estimates adjust for area alone, by $/sq ft). */
  minObservations: 50,
  /** The ZIP levels' ridge penalty, in observations' worth: a ZIP of 2 sales moves half way to its own mean. */
  zipPenalty: 2,
  /**
   * The monthly index's random-walk penalty, in observations' worth: σ²/τ² for a sale's scatter σ ≈ 0.12
   * and a month's change τ ≈ 0.01 (~12 % a year at most, as a market rarely moves faster).
   */
  monthPenalty: 144,
  /** A faint pull of the features' coefficients towards 0: only for a market whose houses never differ in a feature (it leaves a noiseless market exact). */
  featurePenalty: 0.001,
  /** What a coefficient may be when used (a thin or odd market cannot make an adjustment absurd). */
  areaElasticity: { min: 0.3, max: 1.2 },
  /** Per bedroom and per bathroom, as a share of the price (log points). */
  roomEffect: { min: -0.1, max: 0.1 },
} as const;

export interface MarketModel {
  /** The window's last month (γ = 0 there): monthNumber(). */
  refMonth: number;
  firstMonth: number;
  observations: number;
  /** Elasticity of the amount with the living area (1: in proportion; 0.5: the square root). */
  areaElasticity: number;
  /** Log change per bedroom and per bathroom, the area held. */
  bedsEffect: number;
  bathsEffect: number;
  /** α per ZIP: the ZIP's level against the market's, in log points. */
  zipLevels: Record<string, number>;
  /** γ per month from firstMonth to refMonth (index = month − firstMonth), in log points; the last is 0. */
  monthLevels: number[];
  /** The residuals' standard deviation (log points): how far an amount scatters around the model. */
  residualSigma: number;
}

/** A market's key: its city lower-cased and its state upper-cased (listings match markets this way). */
export const marketKey = (city: string, state: string): string => `${city.trim().toLowerCase()}|${state.trim().toUpperCase()}`;

/** Months since year 0 of a YYYY-MM-DD date. */
export function monthNumber(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** YYYY-MM of a monthNumber. */
export function monthLabel(month: number): string {
  const year = Math.floor(month / 12);
  return `${String(year).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/**
 * Months since year 0 of a day number (days since 1970-01-01), by arithmetic (H. Hinnant's
 * civil_from_days): the backtest asks it for every comp of every sale, and a Date costs ~100 ns.
 */
export function monthOfDay(day: number): number {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9; // 1..12
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + month - 1;
}

export const emptyCell = (zip: string, month: number): ModelCell => ({
  zip,
  month,
  n: 0,
  sumY: 0,
  sumYY: 0,
  sumX: [0, 0, 0],
  sumXX: [0, 0, 0, 0, 0, 0, 0, 0, 0],
  sumXY: [0, 0, 0],
});

/** Whether an observation can enter a model: an amount, an area, rooms and a ZIP. */
export const modelable = (o: {
  amount: number;
  area: number | null;
  beds: number | null;
  baths: number | null;
  zip: string | null;
}): boolean => o.amount > 0 && o.area !== null && o.area > 0 && o.beds !== null && o.baths !== null && !!o.zip;

/** Adds one observation to its cell's statistics. */
export function addObservation(cell: ModelCell, o: Pick<ModelObservation, 'amount' | 'area' | 'beds' | 'baths'>): void {
  const y = Math.log(o.amount);
  const x = [Math.log(o.area), o.beds, o.baths];
  cell.n++;
  cell.sumY += y;
  cell.sumYY += y * y;
  for (let j = 0; j < FEATURES; j++) {
    cell.sumX[j] += x[j];
    cell.sumXY[j] += x[j] * y;
    for (let k = 0; k < FEATURES; k++) cell.sumXX[j * FEATURES + k] += x[j] * x[k];
  }
}

/** The cells of some observations, keyed by ZIP and month. */
export function cellsOf(observations: Iterable<ModelObservation>): ModelCell[] {
  const cells = new Map<string, ModelCell>();
  for (const o of observations) {
    const key = `${o.zip}|${o.month}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = emptyCell(o.zip, o.month)));
    addObservation(cell, o);
  }
  return [...cells.values()];
}

/** Solves A·x = b in place for a symmetric positive definite A (row-major n × n) by Cholesky; null if not positive definite. */
function solveSpd(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 1e-12)) return null;
    d = Math.sqrt(d);
    a[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / d;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= a[i * n + k] * y[k];
    y[i] = s / a[i * n + i];
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= a[k * n + i] * x[k];
    x[i] = s / a[i * n + i];
  }
  return x;
}

/**
 * The market's model from its cells of months [refMonth − windowMonths + 1, refMonth] (cells outside
 * are ignored); null with fewer than MODEL_RULES.minObservations observations.
 */
export function fitMarketModel(allCells: readonly ModelCell[], refMonth: number): MarketModel | null {
  const firstMonth = refMonth - MODEL_RULES.windowMonths + 1;
  const cells = allCells.filter((c) => c.month >= firstMonth && c.month <= refMonth && c.n > 0);
  const total = cells.reduce((s, c) => s + c.n, 0);
  if (total < MODEL_RULES.minObservations) return null;

  // Centre the features on their means (the intercept takes the level), for a well-conditioned system.
  const mean = [0, 0, 0];
  for (const c of cells) for (let j = 0; j < FEATURES; j++) mean[j] += c.sumX[j];
  for (let j = 0; j < FEATURES; j++) mean[j] /= total;

  const zips = [...new Set(cells.map((c) => c.zip))].sort();
  const zipIndex = new Map(zips.map((z, i) => [z, i]));
  const months = refMonth - firstMonth; // γ of every month but the reference (0)
  // Parameters: μ, β (3), α per ZIP, γ per month before the reference.
  const P_BETA = 1;
  const P_ZIP = P_BETA + FEATURES;
  const P_MONTH = P_ZIP + zips.length;
  const n = P_MONTH + months;
  const a = new Float64Array(n * n);
  const b = new Float64Array(n);
  const add = (i: number, j: number, v: number) => {
    a[i * n + j] += v;
    if (i !== j) a[j * n + i] += v;
  };
  let sumYY = 0;
  for (const c of cells) {
    // The cell's centred statistics.
    const sx = c.sumX.map((s, j) => s - c.n * mean[j]);
    const sxx = (j: number, k: number) =>
      c.sumXX[j * FEATURES + k] - mean[j] * c.sumX[k] - mean[k] * c.sumX[j] + c.n * mean[j] * mean[k];
    const sxy = (j: number) => c.sumXY[j] - mean[j] * c.sumY;
    const z = P_ZIP + (zipIndex.get(c.zip) as number);
    const m = c.month === refMonth ? -1 : P_MONTH + (c.month - firstMonth);
    const groups = m < 0 ? [0, z] : [0, z, m];
    for (let gi = 0; gi < groups.length; gi++) {
      for (let gj = gi; gj < groups.length; gj++) add(groups[gi], groups[gj], c.n);
      for (let j = 0; j < FEATURES; j++) add(groups[gi], P_BETA + j, sx[j]);
      b[groups[gi]] += c.sumY;
    }
    for (let j = 0; j < FEATURES; j++) {
      for (let k = j; k < FEATURES; k++) add(P_BETA + j, P_BETA + k, sxx(j, k));
      b[P_BETA + j] += sxy(j);
    }
    sumYY += c.sumYY;
  }
  // The data's part of A, kept for the residuals.
  const data = Float64Array.from(a);
  for (let j = 0; j < FEATURES; j++) a[(P_BETA + j) * n + P_BETA + j] += MODEL_RULES.featurePenalty;
  for (let z = 0; z < zips.length; z++) a[(P_ZIP + z) * n + P_ZIP + z] += MODEL_RULES.zipPenalty;
  // λ·(γ_k − γ_{k−1})² for each month after the first; γ of the reference month is 0.
  for (let k = 1; k <= months; k++) {
    const cur = k === months ? -1 : P_MONTH + k;
    const prev = P_MONTH + k - 1;
    a[prev * n + prev] += MODEL_RULES.monthPenalty;
    if (cur >= 0) {
      a[cur * n + cur] += MODEL_RULES.monthPenalty;
      a[cur * n + prev] -= MODEL_RULES.monthPenalty;
      a[prev * n + cur] -= MODEL_RULES.monthPenalty;
    }
  }
  const theta = solveSpd(a, b.slice(), n);
  if (!theta) return null;
  // Residual sum of squares: Σy² − 2θ·b + θ·A_data·θ.
  let quad = 0;
  for (let i = 0; i < n; i++) {
    let row = 0;
    for (let j = 0; j < n; j++) row += data[i * n + j] * theta[j];
    quad += theta[i] * row;
  }
  let cross = 0;
  for (let i = 0; i < n; i++) cross += theta[i] * b[i];
  const rss = Math.max(0, sumYY - 2 * cross + quad);

  const zipLevels: Record<string, number> = {};
  zips.forEach((zip, i) => (zipLevels[zip] = theta[P_ZIP + i]));
  const monthLevels = Array.from({ length: months + 1 }, (_, k) => (k === months ? 0 : theta[P_MONTH + k]));
  return {
    refMonth,
    firstMonth,
    observations: total,
    areaElasticity: theta[P_BETA],
    bedsEffect: theta[P_BETA + 1],
    bathsEffect: theta[P_BETA + 2],
    zipLevels,
    monthLevels,
    residualSigma: Math.sqrt(rss / Math.max(1, total - n)),
  };
}
