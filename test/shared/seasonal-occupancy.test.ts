import {
  DEFAULT_ASSUMPTIONS,
  seasonalOccupancyFor,
  shortTermInput,
  shortTermRental,
  withOverrides,
} from '../../src/shared/invest';

/** The year's booked share the engine computes with these seasons' occupancy. */
function annualOccupancy(occupancy: ReturnType<typeof seasonalOccupancyFor>): number {
  const assumptions = withOverrides({ shortTerm: occupancy });
  return shortTermRental(shortTermInput({ purchasePrice: 300_000, peakNightlyRate: 200, squareFeet: 1_500 }, assumptions))
    .estimatedOccupancyRate;
}

describe('seasonal occupancy for a market’s published average', () => {
  it('keeps the default seasons for their own average (≈ 62 % a year)', () => {
    const s = DEFAULT_ASSUMPTIONS.shortTerm;
    const average = (3 * 80 + 5 * 65 + 4 * 45) / 12;
    expect(seasonalOccupancyFor(average, s)).toEqual({
      peakOccupancyPercent: 80,
      shoulderOccupancyPercent: 65,
      offOccupancyPercent: 45,
    });
  });

  it.each([40, 53, 58, 71])('books %d % of the year’s nights, the seasons in the same proportions', (target) => {
    const occupancy = seasonalOccupancyFor(target, DEFAULT_ASSUMPTIONS.shortTerm);
    expect(annualOccupancy(occupancy)).toBeCloseTo(target, 1);
    expect(occupancy.peakOccupancyPercent / occupancy.offOccupancyPercent).toBeCloseTo(80 / 45, 1);
  });

  it('never books a season above 100 %', () => {
    const occupancy = seasonalOccupancyFor(95, DEFAULT_ASSUMPTIONS.shortTerm);
    expect(occupancy.peakOccupancyPercent).toBe(100);
    expect(annualOccupancy(occupancy)).toBeLessThan(95);
  });
});
