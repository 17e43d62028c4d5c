import { brrrr, brrrrInput, type BrrrrAnalysis } from './brrrr';
import { buyHold, buyHoldInput, type BuyHoldAnalysis } from './buy-hold';
import type { Assumptions } from './defaults';
import { fixFlip, fixFlipInput, type FixFlipAnalysis } from './fix-flip';
import { shortTermInput, shortTermRental, type ShortTermAnalysis } from './short-term-rental';

import type { PropertyFigures, WhatIf } from '../schemas/what-if';

export type { PropertyFigures, WhatIf };

export interface WhatIfAnalysis {
  buyHold: BuyHoldAnalysis;
  brrrr: BrrrrAnalysis;
  fixFlip: FixFlipAnalysis;
  shortTerm: ShortTermAnalysis;
}

/** All four strategies, with the break-even rates (cheap for one property). */
export function analyzeWhatIf({ figures: f, assumptions: a }: WhatIf): WhatIfAnalysis {
  return {
    buyHold: buyHold(buyHoldInput({ purchasePrice: f.purchasePrice, monthlyRent: f.monthlyRent, rehabCost: f.rehabCost }, a)),
    brrrr: brrrr(
      brrrrInput({ purchasePrice: f.purchasePrice, monthlyRent: f.monthlyRent, rehabCost: f.rehabCost, arv: f.arv }, a),
    ),
    fixFlip: fixFlip(fixFlipInput({ purchasePrice: f.purchasePrice, rehabCost: f.rehabCost, arv: f.arv }, a)),
    shortTerm: shortTermRental(
      shortTermInput({ purchasePrice: f.purchasePrice, peakNightlyRate: f.peakNightlyRate, squareFeet: f.squareFeet }, a),
    ),
  };
}

export interface InputLimit {
  label: string;
  min: number;
  max: number;
  /** How the figure is entered: dollars, a percent, months, a plain number. */
  unit: 'usd' | 'percent' | 'months' | 'number';
  integer?: boolean;
}

const usd = (label: string, max = 1e9): InputLimit => ({ label, min: 0, max, unit: 'usd' });
const pct = (label: string, max = 100): InputLimit => ({ label, min: 0, max, unit: 'percent' });
const months = (label: string, max: number): InputLimit => ({ label, min: 0, max, unit: 'months' });

/** Labels and accepted ranges of every what-if input: the form's fields and the server's checks. */
export const FIGURE_LIMITS: Record<keyof PropertyFigures, InputLimit> = {
  purchasePrice: { ...usd('Purchase price'), min: 1 },
  monthlyRent: usd('Monthly rent', 1e7),
  rehabCost: usd('Rehab cost'),
  arv: usd('After-repair value (ARV)'),
  peakNightlyRate: usd('Peak nightly rate', 1e5),
  squareFeet: { label: 'Square feet', min: 0, max: 1e6, unit: 'number', integer: true },
};

export const ASSUMPTION_LIMITS: { [S in keyof Assumptions]: Record<keyof Assumptions[S], InputLimit> } = {
  financing: {
    downPaymentPercent: pct('Down payment'),
    interestRatePercent: pct('Interest rate', 30),
    termMonths: { ...months('Loan term', 480), integer: true },
    closingCostsPercent: pct('Closing costs', 20),
  },
  operating: {
    vacancyPercent: pct('Vacancy'),
    managementPercent: pct('Property management'),
    maintenancePercent: pct('Maintenance'),
    capexPercent: pct('Capital expenditures'),
    propertyTaxPercent: pct('Property tax (per year, of value)', 10),
    insurancePercent: pct('Insurance (per year, of value)', 10),
    monthlyHoa: usd('HOA per month', 1e5),
    monthlyUtilities: usd('Owner-paid utilities per month', 1e5),
  },
  brrrr: {
    loanToArvPercent: pct('Purchase loan (of ARV)'),
    hardMoneyRatePercent: pct('Hard-money rate', 30),
    hardMoneyPointsPercent: pct('Hard-money points', 20),
    monthsToRefinance: months('Months to refinance', 60),
    refiLoanToArvPercent: pct('Refinance loan (of ARV)'),
    refiClosingCostsPercent: pct('Refinance closing costs', 20),
  },
  flip: {
    loanToPurchasePercent: pct('Flip loan (of price)'),
    hardMoneyRatePercent: pct('Hard-money rate', 30),
    hardMoneyPointsPercent: pct('Hard-money points', 20),
    holdMonths: months('Hold months', 60),
    purchaseClosingPercent: pct('Purchase closing costs', 20),
    sellingCostsPercent: pct('Selling costs', 30),
    monthlyHoldingUtilities: usd('Holding utilities per month', 1e5),
  },
  shortTerm: {
    peakMonths: months('Peak season months', 12),
    shoulderMonths: months('Shoulder season months', 12),
    offMonths: months('Off season months', 12),
    peakOccupancyPercent: pct('Peak occupancy'),
    shoulderOccupancyPercent: pct('Shoulder occupancy'),
    offOccupancyPercent: pct('Off occupancy'),
    shoulderRateFactor: { label: 'Shoulder rate (× peak)', min: 0, max: 5, unit: 'number' },
    offRateFactor: { label: 'Off rate (× peak)', min: 0, max: 5, unit: 'number' },
    platformFeePercent: pct('Platform fee'),
    managementPercent: pct('STR management'),
    maintenancePercent: pct('STR maintenance and supplies'),
    monthlyUtilities: usd('STR utilities per month', 1e5),
    setupCostPerSqft: usd('Furnishing and setup per sq ft', 1e4),
    insurancePercent: pct('STR insurance (per year, of value)', 10),
  },
};

function checkNumber(path: string, value: unknown, limit: InputLimit, problems: string[]): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    problems.push(`${limit.label} (${path}) must be a number`);
  } else if (value < limit.min || value > limit.max) {
    problems.push(`${limit.label} (${path}) must be between ${limit.min} and ${limit.max}`);
  } else if (limit.integer && !Number.isInteger(value)) {
    problems.push(`${limit.label} (${path}) must be a whole number`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every reason `value` is not a complete, in-range WhatIf (empty when it is). Unknown keys are
 * reported too, so a typo never silently falls back to a default.
 */
export function whatIfProblems(value: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(value)) return ['The analysis must be an object with figures and assumptions'];
  for (const key of Object.keys(value)) if (key !== 'figures' && key !== 'assumptions') problems.push(`Unknown field ${key}`);
  const sections: Array<[string, unknown, Record<string, InputLimit>]> = [['figures', value.figures, FIGURE_LIMITS]];
  const assumptions = value.assumptions;
  if (!isRecord(assumptions)) problems.push('assumptions must be an object');
  else {
    for (const key of Object.keys(assumptions))
      if (!(key in ASSUMPTION_LIMITS)) problems.push(`Unknown field assumptions.${key}`);
    for (const [section, limits] of Object.entries(ASSUMPTION_LIMITS)) {
      sections.push([`assumptions.${section}`, assumptions[section], limits]);
    }
  }
  for (const [path, group, limits] of sections) {
    if (!isRecord(group)) {
      problems.push(`${path} must be an object`);
      continue;
    }
    for (const key of Object.keys(group)) if (!(key in limits)) problems.push(`Unknown field ${path}.${key}`);
    for (const [key, limit] of Object.entries(limits)) checkNumber(`${path}.${key}`, group[key], limit, problems);
  }
  if (isRecord(assumptions) && isRecord(assumptions.shortTerm)) {
    const s = assumptions.shortTerm;
    const total = Number(s.peakMonths) + Number(s.shoulderMonths) + Number(s.offMonths);
    if (Number.isFinite(total) && Math.abs(total - 12) > 1e-9)
      problems.push(`The three seasons must add up to 12 months (they add up to ${total})`);
  }
  return problems;
}

/**
 * Every reason `value` is not a valid set of AssumptionOverrides (a market's): an object of
 * sections, each holding some of its assumptions, each in range. Empty when valid; `{}` is valid.
 */
export function assumptionOverridesProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['Assumptions must be an object of sections (financing, operating, brrrr, flip, shortTerm)'];
  const problems: string[] = [];
  for (const [section, group] of Object.entries(value)) {
    const limits = (ASSUMPTION_LIMITS as Record<string, Record<string, InputLimit>>)[section];
    if (!limits) {
      problems.push(`Unknown assumption section ${section}`);
      continue;
    }
    if (!isRecord(group)) {
      problems.push(`${section} must be an object`);
      continue;
    }
    for (const [key, v] of Object.entries(group)) {
      if (!(key in limits)) problems.push(`Unknown assumption ${section}.${key}`);
      else checkNumber(`${section}.${key}`, v, limits[key], problems);
    }
  }
  return problems;
}
