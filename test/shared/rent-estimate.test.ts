import { MILES_PER_DEGREE_LAT } from '../../src/shared/geo/distance';
import {
  engineRent,
  estimateRent,
  LEASE_RULES,
  rentEstimateText,
  rentSourceText,
  type LeaseCandidate,
} from '../../src/shared/rent-estimate';
import type { RentEstimate } from '../../src/shared/schemas/property-estimates';
import { dayNumber } from '../../src/shared/stats';

const subject = { latitude: 30, longitude: -97, beds: 3, area: 1500 };
const AS_OF = '2026-09-30';

/** A lease `miles` due north of the subject (so its distance is exactly `miles`), closed on `closeDate`. */
function lease(
  id: string,
  miles: number,
  { closeDate = '2026-06-01', ...fields }: Partial<Omit<LeaseCandidate, 'closeDay'>> & { closeDate?: string } = {},
): LeaseCandidate {
  return {
    id,
    latitude: subject.latitude + miles / MILES_PER_DEGREE_LAT,
    longitude: subject.longitude,
    beds: 3,
    area: 1500,
    rent: 1800,
    closeDay: dayNumber(closeDate),
    ...fields,
  };
}

describe('estimateRent: a hand-checked example', () => {
  // Five similar leases within half a mile, scaled to 1,500 sq ft by their rent per square foot (no
  // market model: the area alone is adjusted, in proportion):
  //   l1 1,800 / 1,500 × 1,500 = 1,800     l2 1,500 / 1,200 × 1,500 = 1,875
  //   l3 2,100 / 1,800 × 1,500 = 1,750     l4 2,000 / 1,600 × 1,500 = 1,875
  //   l5 1,600 / 1,400 × 1,500 = 1,714.29
  // Sorted 1,714.29 (l5), 1,750 (l3), 1,800 (l1), 1,875 (l2), 1,875 (l4), weighted by distance
  // 1 / (0.25 + miles): l5 1.370, l3 1.538, l1 2.222, l2 1.818, l4 1.429 (total 8.377, half 4.189):
  // the weights reach half at l1, so the estimate is 1,800. 25th percentile 1,750 (the 2nd of 5),
  // 75th 1,875 (the 4th); spread (1,875 − 1,714.29) / 1,800 = 8.9 %. Rent per sq ft 1.14–1.25: no outlier.
  const candidates = [
    lease('l1', 0.2, { closeDate: '2026-09-01' }),
    lease('l2', 0.3, { area: 1200, rent: 1500 }),
    lease('l3', 0.4, { area: 1800, rent: 2100, closeDate: '2026-01-15' }),
    lease('l4', 0.45, { area: 1600, rent: 2000 }),
    lease('l5', 0.48, { area: 1400, rent: 1600 }),
    // Not used: farther than the widest step (3 mi; fewer than 12 found, the search widens to it),
    // two bedrooms off (±1 at most), too small (below 1,125 = 1,500 − 25 %), older than 24 months,
    // after the reference date.
    lease('far', 3.2, { rent: 2400 }),
    lease('beds', 0.3, { beds: 1 }),
    lease('small', 0.1, { area: 1000 }),
    lease('old', 0.2, { closeDate: '2024-09-29' }),
    lease('future', 0.2, { closeDate: '2026-10-01' }),
  ];

  it('takes the median and the quartiles of the scaled rents, rounded to $25', () => {
    const { estimate, leases } = estimateRent(subject, candidates, AS_OF);
    expect(leases.map((l) => l.id)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5']);
    expect(leases.map((l) => Math.round(l.adjustedRent * 100) / 100)).toEqual([1800, 1875, 1750, 1875, 1714.29]);
    expect(estimate).toEqual({
      monthlyRent: 1800,
      low: 1750,
      high: 1875,
      leaseCount: 5,
      spreadPercent: 8.9,
      farthestMiles: 0.5,
      // 2026-01-15 to 2026-09-30: 258 days, 8.5 months: "last 9 months".
      oldestMonths: 9,
      newestLeaseDays: 29,
      searchedMiles: 3,
      compsLow: 1714,
      compsHigh: 1875,
    });
    expect(rentEstimateText({ source: 'leases', ...estimate }, 1800)).toBe(
      "Rent $1,800/mo · from 5 leases within 0.5 mi, last 9 months · lease comps' spread $1,750–$1,875",
    );
    expect(rentSourceText({ source: 'leases', ...estimate })).toBe('from 5 lease comps');
    expect(rentSourceText({ source: 'feed', ...estimate })).toBe('from the listing feed');
    expect(rentSourceText({ source: 'cityMedian', ...estimate })).toBe('from the city median (no lease comps)');
    expect(rentSourceText(null)).toBeNull();
  });
});

describe('estimateRent: widening and too few', () => {
  it('widens the radius, then the bedrooms, then the months until enough are found', () => {
    expect(LEASE_RULES.enough).toBe(12);
    const group = (prefix: string, count: number, miles: number, fields: Parameters<typeof lease>[2] = {}) =>
      Array.from({ length: count }, (_, k) => lease(`${prefix}${k}`, miles + k * 0.01, fields));
    const candidates = [
      ...group('a', 4, 0.7),
      ...group('c', 5, 1.5),
      ...group('d', 3, 1.8, { beds: 4 }),
      lease('e', 2.5, { beds: 2 }),
      lease('f', 2.9, { closeDate: '2025-03-01' }),
    ];
    // 1 mile: 4; 2 miles: 9; 2 miles ±1 bed: 12, enough; e (2.5 mi) and f (18 months old) not needed.
    const { estimate, leases, step } = estimateRent(subject, candidates, AS_OF);
    expect(step).toBe(3);
    expect(leases).toHaveLength(12);
    expect(estimate.farthestMiles).toBe(1.9);
    // One fewer: 3 miles ±1 bed adds e; one more fewer: the last step reaches back 24 months for f.
    const noD2 = candidates.filter((c) => c.id !== 'd2');
    expect(estimateRent(subject, noD2, AS_OF).leases.map((l) => l.id)).toContain('e');
    const fewer = estimateRent(
      subject,
      noD2.filter((c) => c.id !== 'd1'),
      AS_OF,
    );
    expect(fewer.step).toBe(5);
    expect(fewer.leases.map((l) => l.id)).toContain('f');
    expect(fewer.estimate.oldestMonths).toBe(19);
  });

  it('gives an estimate from three or four at the widest step, none from fewer', () => {
    const three = [lease('a', 2.2), lease('b', 2.4), lease('c', 2.6, { rent: 2100 })];
    expect(estimateRent(subject, three, AS_OF).estimate).toMatchObject({
      monthlyRent: 1800,
      leaseCount: 3,
      low: 1800,
      high: 1950,
    });
    const two = estimateRent(subject, three.slice(0, 2), AS_OF);
    expect(two.leases).toEqual([]);
    expect(two.estimate).toMatchObject({ monthlyRent: null, low: null, high: null, leaseCount: 2, farthestMiles: null });
    expect(estimateRent(subject, [lease('x', 3.2), lease('y', 3.3), lease('z', 3.4)], AS_OF).estimate.leaseCount).toBe(0);
  });

  it('drops a lease whose rent per square foot is an outlier and keeps the nearest 15', () => {
    const many = Array.from({ length: 20 }, (_, k) =>
      lease(`n${String(k).padStart(2, '0')}`, 0.02 * (k + 1), { rent: 1800 + k }),
    );
    const withOutlier = [...many, lease('luxury', 0.01, { rent: 6000 })];
    const { leases } = estimateRent(subject, withOutlier, AS_OF);
    expect(leases).toHaveLength(LEASE_RULES.maxLeases);
    expect(leases.map((l) => l.id)).not.toContain('luxury');
    expect(leases[0].id).toBe('n00');
  });

  it('uses the rents as they are when the listing has no area', () => {
    const { estimate } = estimateRent(
      { ...subject, area: null },
      [
        lease('a', 0.1, { area: 900, rent: 1200 }),
        lease('b', 0.2, { area: 3000, rent: 2400 }),
        lease('c', 0.3, { area: null, rent: 1500 }),
      ],
      AS_OF,
    );
    expect(estimate.monthlyRent).toBe(1500);
  });
});

describe('engineRent', () => {
  it("keeps the feed's rent, else the estimate, else the city median per sq ft, else 0.75 % of the price", () => {
    expect(engineRent(2000, 1800, 1.2, 1500, 300_000)).toEqual({ monthlyRent: 2000, source: 'feed' });
    expect(engineRent(null, 1800, 1.2, 1500, 300_000)).toEqual({ monthlyRent: 1800, source: 'leases' });
    // 1.23 × 1,500 = 1,845 → $1,850
    expect(engineRent(null, null, 1.23, 1500, 300_000)).toEqual({ monthlyRent: 1850, source: 'cityMedian' });
    expect(engineRent(null, null, 1.23, null, 300_000)).toEqual({ monthlyRent: 2250, source: 'price' });
    expect(engineRent(null, null, null, 1500, 301_000)).toEqual({ monthlyRent: 2250, source: 'price' });
  });
});

describe('rentEstimateText', () => {
  const base: RentEstimate = {
    source: 'leases',
    monthlyRent: 1850,
    low: 1700,
    high: 2000,
    leaseCount: 8,
    spreadPercent: 20,
    farthestMiles: 0.6,
    oldestMonths: 9,
    newestLeaseDays: 12,
    searchedMiles: 3,
  };
  const none: RentEstimate = {
    ...base,
    monthlyRent: null,
    low: null,
    high: null,
    leaseCount: 1,
    farthestMiles: null,
    oldestMonths: null,
  };

  it("reads the issue's sentence and its variants", () => {
    expect(rentEstimateText(base, 1850)).toBe(
      "Rent $1,850/mo · from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000",
    );
    const range = {
      low: 1650,
      high: 2075,
      coverage: 80,
      basis: 'market' as const,
      calibrationCount: 412,
      city: 'Austin',
      state: 'TX',
    };
    expect(rentEstimateText({ ...base, range }, 1850)).toBe(
      "Rent $1,850/mo · 80 % range $1,650–$2,075 · from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000",
    );
    expect(rentEstimateText({ ...base, source: 'feed' }, 1900)).toBe(
      "Rent $1,900/mo from the listing feed; lease comps say $1,850/mo · from 8 leases within 0.6 mi, last 9 months · lease comps' spread $1,700–$2,000",
    );
    expect(rentEstimateText({ ...none, source: 'feed' }, 1900)).toBe(
      'Rent $1,900/mo from the listing feed; no lease comps within 3 mi',
    );
    expect(rentEstimateText({ ...none, source: 'cityMedian' }, 1600)).toBe(
      'No lease comps within 3 mi: rent from the city median, $1,600/mo',
    );
    expect(rentEstimateText({ ...none, source: 'price' }, 2250)).toBe(
      'No lease comps within 3 mi: rent at 0.75% of the price, $2,250/mo',
    );
    expect(rentEstimateText({ ...base, leaseCount: 1, oldestMonths: 1 }, 1850)).toContain(
      'from 1 lease within 0.6 mi, last 1 month',
    );
  });
});
