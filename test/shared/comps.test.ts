import { COMP_STEPS, dropOutliers, selectComps, type CompCandidate } from '../../src/shared/comps';
import { MILES_PER_DEGREE_LAT } from '../../src/shared/geo/distance';
import { dayNumber, monthsBefore, quartiles } from '../../src/shared/stats';

const AS_OF = '2025-11-20';
const subject = { latitude: 30, longitude: -97, beds: 3, area: 1500 };
/** A comp `miles` north of the subject. */
let n = 0;
function comp(miles: number, over: Partial<Omit<CompCandidate, 'closeDay'>> = {}): CompCandidate {
  n++;
  const fields = {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    latitude: 30 + miles / MILES_PER_DEGREE_LAT,
    longitude: -97,
    beds: 3,
    baths: 2,
    area: 1500,
    zip: '78701',
    closePrice: 300_000,
    closeDate: '2025-10-01',
    ...over,
  };
  return { ...fields, closeDay: dayNumber(fields.closeDate) };
}

describe('comps selection', () => {
  it('keeps comps within 0.5 mile when there are at least 3', () => {
    const near = [comp(0.1), comp(0.2), comp(0.4)];
    const r = selectComps(subject, [...near, comp(0.8), comp(1.5)], AS_OF);
    expect(r.step).toBe(0);
    expect(r.comps.map((c) => c.id)).toEqual(near.map((c) => c.id));
  });

  it('widens to 1 mile, then 2 miles, while fewer than 3', () => {
    const a = [comp(0.3), comp(0.7), comp(0.9), comp(1.8)];
    const r1 = selectComps(subject, a, AS_OF);
    expect(r1.step).toBe(1);
    expect(r1.comps).toHaveLength(3);
    const b = [comp(0.3), comp(1.5), comp(1.9), comp(2.5)];
    const r2 = selectComps(subject, b, AS_OF);
    expect(r2.step).toBe(2);
    expect(r2.comps.map((c) => c.id)).toEqual(b.slice(0, 3).map((c) => c.id));
  });

  it('widens bedrooms to ±1 last', () => {
    const cands = [comp(0.2), comp(0.3, { beds: 4 }), comp(1.5, { beds: 2 }), comp(0.4, { beds: 5 })];
    const r = selectComps(subject, cands, AS_OF);
    expect(r.step).toBe(COMP_STEPS.length - 1);
    expect(r.comps.map((c) => c.beds)).toEqual([3, 4, 2]);
  });

  it('filters living area ±20 % and sales older than 12 months', () => {
    const cands = [
      comp(0.1, { area: 1150 }),
      comp(0.1, { area: 1850 }),
      comp(0.1, { closeDate: '2024-11-19' }),
      comp(0.2, { area: 1200 }),
      comp(0.3, { area: 1800 }),
      comp(0.4, { closeDate: '2024-11-20' }),
    ];
    const r = selectComps(subject, cands, AS_OF);
    expect(r.comps.map((c) => c.id)).toEqual([cands[3].id, cands[4].id, cands[5].id]);
    expect(monthsBefore('2025-03-31', 1)).toBe('2025-02-28');
  });

  it('drops price-per-square-foot outliers (1.5 × IQR) when at least 4', () => {
    const normal = [280_000, 290_000, 300_000, 310_000, 320_000].map((p, i) => comp(0.1 + i * 0.05, { closePrice: p }));
    const outlier = comp(0.05, { closePrice: 900_000 });
    const r = selectComps(subject, [outlier, ...normal], AS_OF);
    expect(r.outliersDropped).toBe(1);
    expect(r.comps.map((c) => c.id)).not.toContain(outlier.id);
    // Fewer than 4: nothing is judged.
    const few = [comp(0.1), comp(0.2), comp(0.3, { closePrice: 900_000 })];
    expect(selectComps(subject, few, AS_OF).comps).toHaveLength(3);
    expect(quartiles([1, 2, 3, 4])).toEqual({ q1: 1.75, q3: 3.25 });
    expect(dropOutliers([])).toEqual([]);
  });

  it('keeps at most 10, nearest first', () => {
    const cands = Array.from({ length: 15 }, (_, i) => comp(0.45 - i * 0.02));
    const r = selectComps(subject, cands, AS_OF);
    expect(r.comps).toHaveLength(10);
    const d = r.comps.map((c) => c.distanceMiles);
    expect([...d].sort((x, y) => x - y)).toEqual(d);
    expect(d[9]).toBeCloseTo(0.35, 6);
  });

  it('returns what it found after the last step, even fewer than 3', () => {
    const r = selectComps(subject, [comp(1.2), comp(3)], AS_OF);
    expect(r.comps).toHaveLength(1);
    expect(selectComps(subject, [], AS_OF).comps).toEqual([]);
  });
});
