import { formatCashOnCash, formatCurrency, formatRoi } from '../format';
import type { StrategyKey } from '../vocabulary';
import type { WhatIf, WhatIfAnalysis } from './what-if';

/**
 * The property page's comparison of the four strategies: the metrics it ranks by, each strategy's
 * figure, and the rule that a strategy losing money is never the best fit (docs/property-page.md).
 */

/** The four strategies in display order, with their catalogue names (GET /lookups/investmentStrategies). */
export const STRATEGIES: ReadonlyArray<{ key: StrategyKey; name: string }> = [
  { key: 'buyHold', name: 'Buy & Hold' },
  { key: 'brrrr', name: 'BRRRR' },
  { key: 'fixFlip', name: "Fix'N'Flip" },
  { key: 'shortTerm', name: 'Short-term Rental' },
];

export const strategyName = (key: StrategyKey): string => STRATEGIES.find((s) => s.key === key)?.name ?? key;

export type RankMetric = 'cashOnCash' | 'monthlyCashFlow' | 'capRate' | 'profit' | 'cashNeeded';

export interface MetricDef {
  key: RankMetric;
  label: string;
  better: 'higher' | 'lower';
  /** How each strategy's figure is read, shown under the choice. */
  note: string;
}

export const RANK_METRICS: readonly MetricDef[] = [
  {
    key: 'cashOnCash',
    label: 'Cash-on-cash return',
    better: 'higher',
    note: "A year's cash flow over the cash in the deal; Fix'N'Flip's return on cash is compounded to a year so a 6-month flip compares with a year of rent.",
  },
  {
    key: 'monthlyCashFlow',
    label: 'Monthly cash flow',
    better: 'higher',
    note: "Income less expenses and the mortgage each month. A flip has no monthly cash flow: Fix'N'Flip ranks last.",
  },
  {
    key: 'capRate',
    label: 'Cap rate',
    better: 'higher',
    note: "Net operating income over the purchase price (BRRRR: over price plus rehab). A flip has no NOI: Fix'N'Flip ranks last.",
  },
  {
    key: 'profit',
    label: 'Profit',
    better: 'higher',
    note: "The first year's cash flow of a rental; the whole project's profit of a flip.",
  },
  {
    key: 'cashNeeded',
    label: 'Least cash needed',
    better: 'lower',
    note: 'The cash the deal ties up: BRRRR counts what stays in after the refinance.',
  },
];

export const DEFAULT_METRIC: RankMetric = 'cashOnCash';

export interface MetricValue {
  value: number | null;
  /** A return on no cash at all (the refinance took everything out and the deal cash-flows). */
  infinite: boolean;
}

/** One strategy's figure for a metric; null when the metric does not apply to it. */
export function metricValue(metric: RankMetric, strategy: StrategyKey, a: WhatIfAnalysis, whatIf: WhatIf): MetricValue {
  const v = (value: number | null, infinite = false): MetricValue => ({ value, infinite });
  switch (metric) {
    case 'cashOnCash':
      if (strategy === 'fixFlip') return v(a.fixFlip.annualizedRoi, a.fixFlip.cashOnCashInfinite);
      return v(a[strategy].cashOnCashRoi, a[strategy].cashOnCashInfinite);
    case 'monthlyCashFlow':
      if (strategy === 'fixFlip') return v(null);
      return v(strategy === 'shortTerm' ? a.shortTerm.annualCashFlow / 12 : a[strategy].netMonthlyIncome);
    case 'capRate': {
      if (strategy === 'fixFlip') return v(null);
      if (strategy !== 'brrrr') return v(a[strategy].capRate);
      const cost = whatIf.figures.purchasePrice + whatIf.figures.rehabCost;
      return v(cost > 0 ? (a.brrrr.netOperatingIncome / cost) * 100 : null);
    }
    case 'profit':
      return v(strategy === 'fixFlip' ? a.fixFlip.projectedProfit : a[strategy].annualCashFlow);
    case 'cashNeeded':
      return v(
        {
          buyHold: a.buyHold.totalCashNeeded,
          brrrr: a.brrrr.cashLeftInDeal,
          fixFlip: a.fixFlip.cashNeeded,
          shortTerm: a.shortTerm.totalInvestment,
        }[strategy],
      );
    default:
      return v(null);
  }
}

export function formatMetric(metric: RankMetric, m: MetricValue): string {
  if (metric === 'cashOnCash') return formatCashOnCash(m.value, m.infinite);
  if (metric === 'capRate') return formatRoi(m.value);
  return formatCurrency(m.value);
}

/**
 * Whether a strategy loses money with these figures: a rental whose year of cash flow is negative
 * (a negative cash-on-cash return, or a loss with no cash left in the deal), a flip whose projected
 * profit is negative. A losing strategy is never the best fit, whatever the metric.
 */
export function strategyLoses(strategy: StrategyKey, a: WhatIfAnalysis): boolean {
  if (strategy === 'fixFlip') return a.fixFlip.projectedProfit < 0;
  return a[strategy].annualCashFlow < 0;
}

export interface StrategyRank extends MetricValue {
  key: StrategyKey;
  /** 1 is first; the best fit when it does not lose money. */
  rank: number;
  loses: boolean;
}

/** Sort key: an infinite return beats any number; a metric that does not apply comes last. */
function score(m: MetricValue, better: MetricDef['better']): number {
  if (m.infinite) return Number.POSITIVE_INFINITY;
  if (m.value === null || !Number.isFinite(m.value)) return Number.NEGATIVE_INFINITY;
  return better === 'higher' ? m.value : -m.value;
}

/**
 * The four strategies ranked by `metric` (best first): every strategy that pays comes before every
 * one that loses money, each group ordered by the metric; ties keep the display order.
 */
export function rankStrategies(metric: RankMetric, a: WhatIfAnalysis, whatIf: WhatIf): StrategyRank[] {
  const def = RANK_METRICS.find((m) => m.key === metric) ?? RANK_METRICS[0];
  return STRATEGIES.map((s) => ({ key: s.key, ...metricValue(def.key, s.key, a, whatIf), loses: strategyLoses(s.key, a) }))
    .map((entry, order) => ({ entry, order, score: score(entry, def.better) }))
    .sort((x, y) => Number(x.entry.loses) - Number(y.entry.loses) || y.score - x.score || x.order - y.order)
    .map(({ entry }, index) => ({ ...entry, rank: index + 1 }));
}

/** The best fit: the first of the ranking, unless it loses money (then every strategy does): null. */
export const bestFit = (ranks: readonly StrategyRank[]): StrategyRank | null => (ranks[0] && !ranks[0].loses ? ranks[0] : null);
