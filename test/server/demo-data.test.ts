import { DEMO_CITIES, demoCities } from '../../src/server/modules/demo-data/cities';
import { demoListingsFromEnv } from '../../src/server/modules/demo-data/env';
import { DEMO_AS_OF, demoItem } from '../../src/server/modules/demo-data/generator';
import { mulberry32 } from '../../src/server/modules/demo-data/random';
import { haversineMiles } from '../../src/shared/geo/distance';

describe('demo data', () => {
  it('is deterministic: same seed and index, same rows; another seed differs', () => {
    expect(demoItem(1, 42)).toEqual(demoItem(1, 42));
    expect(demoItem(2, 42)).not.toEqual(demoItem(1, 42));
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('covers at least 15 real cities, Austin TX among them, on real ZIPs near each city', () => {
    expect(DEMO_CITIES.length).toBeGreaterThanOrEqual(15);
    expect(DEMO_CITIES.some((c) => c.city === 'Austin' && c.state === 'TX')).toBe(true);
    for (const c of demoCities()) {
      expect(c.zips.length).toBeGreaterThan(5);
      for (const z of c.zips) expect(z.zip).toMatch(/^\d{5}$/);
    }
    const austin = demoCities().find((c) => c.city === 'Austin')!;
    expect(austin.zips.map((z) => z.zip)).toContain('78704');
  });

  it('is plausible: prices, sizes, rents, nightly rates and comps', () => {
    const cities = new Set<string>();
    let sold = 0;
    const N = 2000;
    for (let i = 0; i < N; i++) {
      const { listing: l, sold: s } = demoItem(1, i);
      cities.add(l.city);
      const zip = demoCities()
        .find((c) => c.city === l.city)!
        .zips.find((z) => z.zip === l.zip)!;
      expect(haversineMiles(zip.latitude, zip.longitude, l.latitude, l.longitude)).toBeLessThanOrEqual(0.94); // 1.5 km
      expect(l.list_price).toBeGreaterThanOrEqual(25_000);
      expect(l.list_price).toBeLessThan(3_000_000);
      expect(l.area!).toBeGreaterThan(500);
      expect(l.area!).toBeLessThan(4500);
      const ppsf = l.list_price / l.area!;
      expect(ppsf).toBeGreaterThan(15); // a Detroit fixer can list near $20/sq ft
      expect(ppsf).toBeLessThan(700);
      expect(l.monthly_rent! / l.list_price).toBeGreaterThan(0.002);
      expect(l.monthly_rent! / l.list_price).toBeLessThan(0.035);
      expect(l.nightly_rate!).toBeGreaterThan(60);
      expect(l.nightly_rate!).toBeLessThan(600);
      expect(l.arv_estimate!).toBeGreaterThan(0);
      expect(l.beds! >= 1 && l.beds! <= 5).toBe(true);
      for (const c of s) {
        expect(c.close_date <= DEMO_AS_OF).toBe(true);
        expect(c.city).toBe(l.city);
        expect(c.close_price).toBeGreaterThan(10_000);
      }
      sold += s.length;
    }
    expect(cities.size).toBeGreaterThanOrEqual(15);
    expect(sold / N).toBeGreaterThan(1.8);
    expect(sold / N).toBeLessThan(2.2);
    // Austin is pricier per square foot than Detroit.
    const ppsfOf = (city: string) => {
      const xs: number[] = [];
      for (let i = 0; i < N; i++) {
        const { listing } = demoItem(1, i);
        if (listing.city === city) xs.push(listing.list_price / listing.area!);
      }
      return xs.sort((a, b) => a - b)[xs.length >> 1];
    };
    expect(ppsfOf('Austin')).toBeGreaterThan(2 * ppsfOf('Detroit'));
  });

  it('reads DEMO_LISTINGS', () => {
    expect(demoListingsFromEnv({})).toBe(20_000);
    expect(demoListingsFromEnv({ DEMO_LISTINGS: '0' })).toBe(0);
    expect(demoListingsFromEnv({ DEMO_LISTINGS: '500' })).toBe(500);
    expect(() => demoListingsFromEnv({ DEMO_LISTINGS: '-1' })).toThrow('DEMO_LISTINGS');
  });
});
