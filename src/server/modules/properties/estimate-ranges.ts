import type { Property } from '../../../shared/schemas/property';
import { estimateRange, RANGE_ROUND_TO, type MarketCalibration } from '../../../shared/valuation/ranges';

/** The market's measured accuracy (the accuracy module's, handed in by app.ts): what widens a range. */
export type Calibrations = (city: string, state: string) => Promise<Record<'value' | 'rent', MarketCalibration | null>>;

/**
 * Puts on the property's value and rent estimates their ranges: the comps' spread, widened to what the
 * market's backtest measured (the comps' alone without calibrations).
 */
export async function withEstimateRanges(property: Property, calibrations: Calibrations | undefined): Promise<Property> {
  const calibration = calibrations
    ? await calibrations(property.PropertyAddressCity ?? '', property.PropertyAddressState ?? '')
    : null;
  const value = property.valueEstimate;
  if (value) {
    const comps = { low: value.compsLow, high: value.compsHigh };
    value.range = estimateRange(value.value, comps, calibration?.value ?? null, RANGE_ROUND_TO.value);
  }
  const rent = property.rentEstimate;
  if (rent) {
    const comps = { low: rent.compsLow ?? null, high: rent.compsHigh ?? null };
    rent.range = estimateRange(rent.monthlyRent, comps, calibration?.rent ?? null, RANGE_ROUND_TO.rent);
  }
  return property;
}
