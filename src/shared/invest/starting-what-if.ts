import type { Rate } from '../api-types';
import type { Property } from '../schemas/property';
import { FINANCING_PRODUCT, withOverrides } from './defaults';
import { loanTermMonths } from './loan-term';
import { FIGURE_LIMITS, type PropertyFigures, type WhatIf } from './what-if';

/** The latest rate of the 30-year fixed product, or null when the rates have none. */
export function latestFinancingRate(rates: readonly Rate[] | null | undefined): Rate | null {
  if (!rates?.length) return null;
  const wanted = FINANCING_PRODUCT.toLowerCase();
  return (
    rates.find((r) => r.product.toLowerCase() === wanted) ??
    rates.find((r) => loanTermMonths(r.product) === 360 && !/jumbo|arm/i.test(r.product)) ??
    null
  );
}

const clampTo = (key: keyof PropertyFigures, value: number | null | undefined): number => {
  const limit = FIGURE_LIMITS[key];
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const clamped = Math.min(limit.max, Math.max(limit.min, n));
  return limit.integer ? Math.round(clamped) : clamped;
};

/**
 * The what-if analysis a property page starts from: the listing's own figures (the engine inputs
 * the server used), its market's assumption overrides, and the latest 30-year rate and term.
 */
export function startingWhatIf(property: Property, ratePercent: number | null): WhatIf {
  const price = property.LatestListingPrice;
  return {
    figures: {
      purchasePrice: clampTo('purchasePrice', price),
      monthlyRent: clampTo('monthlyRent', property.monthlyRent),
      rehabCost: clampTo('rehabCost', property.rehabEstimate),
      arv: clampTo('arv', property.arvEstimate ?? price),
      peakNightlyRate: clampTo('peakNightlyRate', property.nightlyRate),
      squareFeet: clampTo('squareFeet', property.BuildingAreaTotal),
    },
    assumptions: withOverrides(
      property.marketAssumptions ?? undefined,
      ratePercent === null
        ? undefined
        : { financing: { interestRatePercent: ratePercent, termMonths: loanTermMonths(FINANCING_PRODUCT) } },
    ),
  };
}
