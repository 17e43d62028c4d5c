import { DEMO_CITIES, demoCities } from '../../../../src/server/modules/demo-data/cities';
import { parseDemoListings } from '../../../../src/server/lib/app-config';
import { FAIR_MARKET_RENTS_FY2026, fairMarketRent } from '../../../../src/server/modules/demo-data/fair-market-rents';
import {
  DEMO_AS_OF,
  FEED_RENT_SHARE,
  LEASE_DAYS_BACK,
  MEDIAN_OVER_FMR,
  SALE_DAYS_BACK,
  addDays,
  demoItem,
} from '../../../../src/server/modules/demo-data/generator';
import {
  PUBLISHED_MEDIAN_DAYS_ON_MARKET,
  PUBLISHED_MONTHLY_CUT_SHARE,
} from '../../../../src/server/modules/demo-data/market-time';
import { rentIndex } from '../../../../src/server/modules/demo-data/metro-trends';
import type { LeaseRecord, SoldRecord } from '../../../../src/server/modules/listings';
import { mulberry32 } from '../../../../src/server/modules/demo-data/random';
import { haversineMiles } from '../../../../src/shared/geo/distance';
import { daysBetween, median } from '../../../../src/shared/stats';

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

  it('is plausible: prices, sizes, rents, nightly rates, comps and leases', () => {
    const cities = new Set<string>();
    let sold = 0;
    let leases = 0;
    let feedRents = 0;
    const N = 2000;
    for (let i = 0; i < N; i++) {
      const { listing: l, sold: s, leases: ls } = demoItem(1, i, DEMO_AS_OF);
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
      if (l.monthly_rent !== null) {
        feedRents++;
        expect(l.monthly_rent / l.list_price).toBeGreaterThan(0.002);
        expect(l.monthly_rent / l.list_price).toBeLessThan(0.035);
      }
      expect(l.nightly_rate!).toBeGreaterThan(60);
      expect(l.nightly_rate!).toBeLessThan(600);
      expect(l.arv_estimate!).toBeGreaterThan(0);
      expect(l.beds! >= 1 && l.beds! <= 5).toBe(true);
      for (const c of s) {
        // Sales and leases close over the 36 months up to the listings' day (issue 39).
        expect(c.close_date <= DEMO_AS_OF && c.close_date > addDays(DEMO_AS_OF, -SALE_DAYS_BACK)).toBe(true);
        expect(c.city).toBe(l.city);
        expect(c.close_price).toBeGreaterThan(10_000);
      }
      sold += s.length;
      for (const lease of ls) {
        expect(lease).toMatchObject({ city: l.city, state: l.state, zip: l.zip });
        expect(haversineMiles(zip.latitude, zip.longitude, lease.latitude, lease.longitude)).toBeLessThanOrEqual(0.94);
        expect(lease.close_date <= DEMO_AS_OF && lease.close_date > addDays(DEMO_AS_OF, -LEASE_DAYS_BACK)).toBe(true);
        expect(lease.beds! >= 1 && lease.beds! <= 5).toBe(true);
        expect(lease.rent).toBeGreaterThan(400);
        expect(lease.rent).toBeLessThan(8000);
        expect(lease.listing_key).toMatch(/^DEMO-1-R\d{7}-[01]$/);
        leases++;
      }
    }
    // About one feed rent in ten (real feeds rarely carry one); about 0.9 leases a listing.
    expect(Math.abs(feedRents / N - FEED_RENT_SHARE)).toBeLessThan(0.02);
    expect(leases / N).toBeGreaterThan(0.8);
    expect(leases / N).toBeLessThan(1);
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

  it('puts every listing on the market for a few days to many months, with a realistic share of price cuts', () => {
    const asOf = '2026-03-15';
    const N = 20_000;
    const days: number[] = [];
    const stats = { retail: { n: 0, recent: 0, days: [] as number[] }, distressed: { n: 0, recent: 0, days: [] as number[] } };
    let recent = 0;
    let cut = 0;
    let severalCuts = 0;
    // What a listing breaks, checked as plain conditions (20,000 listings) and expected empty at the end.
    const broken: string[] = [];
    const check = (ok: boolean, what: string, i: number) => {
      if (!ok && broken.length < 10) broken.push(`listing ${i}: ${what}`);
    };
    for (let i = 0; i < N; i++) {
      const { listing: l, priceHistory, distress } = demoItem(1, i, asOf);
      const d = daysBetween(l.on_market_date!, asOf);
      check(d >= 1 && l.days_on_market === null, 'on the market from an earlier day', i);
      days.push(d);
      const group = stats[distress ? 'distressed' : 'retail'];
      group.n++;
      group.days.push(d);
      if (!priceHistory.length) {
        check(l.original_list_price === l.list_price && l.price_changed_at === null, 'uncut: original = list, no change', i);
        continue;
      }
      cut++;
      if (priceHistory.length > 1) severalCuts++;
      // A chain of cuts from the original price down to the list price, in order, while on the market.
      check(priceHistory[0].old_price === l.original_list_price, 'the first cut is from the original price', i);
      check(priceHistory.at(-1)!.new_price === l.list_price, 'the last cut is to the list price', i);
      check(priceHistory.at(-1)!.changed_at === l.price_changed_at, 'the last cut is the price change', i);
      priceHistory.forEach((change, k) => {
        check(change.new_price < change.old_price && change.new_price / change.old_price > 0.9, 'a cut of under 10 %', i);
        if (k > 0) {
          check(change.old_price === priceHistory[k - 1].new_price, 'each cut from the last price', i);
          check(change.changed_at > priceHistory[k - 1].changed_at, 'cuts in order', i);
        }
        const day = change.changed_at.slice(0, 10);
        check(day > l.on_market_date! && day < asOf, 'cut while on the market, before today', i);
      });
      if (priceHistory.at(-1)!.changed_at.slice(0, 10) >= addDays(asOf, -30)) {
        recent++;
        group.recent++;
      }
    }
    expect(broken).toEqual([]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    // The published national figures (docs/listings.md): median days on market, and the share of
    // listings cut in the last month.
    expect(Math.abs(median(days) - PUBLISHED_MEDIAN_DAYS_ON_MARKET)).toBeLessThanOrEqual(3);
    expect(Math.abs(recent / N - PUBLISHED_MONTHLY_CUT_SHARE)).toBeLessThanOrEqual(0.015);
    // Right-skewed: from days to many months.
    expect(Math.min(...days)).toBeLessThanOrEqual(3);
    expect(days.filter((d) => d <= 14).length / N).toBeGreaterThan(0.04);
    expect(days.filter((d) => d > 180).length / N).toBeGreaterThan(0.1);
    expect(Math.max(...days)).toBeGreaterThan(365);
    // Any cut since listing: more than the month's share, well under all.
    expect(cut / N).toBeGreaterThan(0.35);
    expect(cut / N).toBeLessThan(0.5);
    expect(severalCuts / N).toBeGreaterThan(0.1);
    // Distressed listings sit longer and are cut more often.
    expect(median(stats.distressed.days)).toBeGreaterThan(1.3 * median(stats.retail.days));
    expect(stats.distressed.recent / stats.distressed.n).toBeGreaterThan(1.2 * (stats.retail.recent / stats.retail.n));
  });

  it('counts the market time back from the day it is made: the same listing, the same days', () => {
    const a = demoItem(1, 7, '2026-01-10');
    const b = demoItem(1, 7, '2026-02-09');
    expect(daysBetween(a.listing.on_market_date!, '2026-01-10')).toBe(daysBetween(b.listing.on_market_date!, '2026-02-09'));
    expect(b.listing.on_market_date).toBe(addDays(a.listing.on_market_date!, 30));
    const { listing, sold, distress } = b;
    expect({ ...listing, on_market_date: null, price_changed_at: null }).toEqual({
      ...a.listing,
      on_market_date: null,
      price_changed_at: null,
    });
    expect(distress).toBe(a.distress);
    // The sales and leases are the same houses, closed 30 days later (their prices follow the metro's
    // trend to their new month: demo-trends.test.ts).
    const facts = (r: SoldRecord | LeaseRecord, shift: number) => ({
      key: r.listing_key,
      day: addDays(r.close_date, shift),
      area: r.area,
      beds: r.beds,
      address: r.address_full,
    });
    expect(sold.map((r) => facts(r, 0))).toEqual(a.sold.map((r) => facts(r, 30)));
    expect(b.leases.map((r) => facts(r, 0))).toEqual(a.leases.map((r) => facts(r, 30)));
  });

  it("prices the leases at each city's HUD Fair Market Rent by bedroom count, a little above it at the median", () => {
    // FMR: the 40th percentile; the leases' median is MEDIAN_OVER_FMR (≈ 1.04) times it (docs/listings.md).
    // The FMRs calibrate today's rents: each lease's rent is brought to the as-of month along its metro's
    // rent index (metro-trends.ts; the trends' own test is demo-trends.test.ts).
    const rents = new Map<string, number[]>();
    for (let i = 0; i < 20_000; i++)
      for (const l of demoItem(1, i, DEMO_AS_OF).leases) {
        const key = `${l.city}|${l.state}|${l.beds}`;
        rents.set(key, [...(rents.get(key) ?? []), l.rent / rentIndex(l.city, l.state, l.close_date, DEMO_AS_OF)]);
      }
    // Every city, 1 to 5 bedrooms: 100 groups of 29 to 500 leases.
    expect(rents.size).toBe(Object.keys(FAIR_MARKET_RENTS_FY2026).length * 5);
    const deviations = [...rents].map(([key, xs]) => {
      const [city, state, beds] = key.split('|');
      return { key, n: xs.length, off: median(xs) / (fairMarketRent(city, state, Number(beds)) * MEDIAN_OVER_FMR) - 1 };
    });
    // A median of n lognormal rents (σ ≈ 0.17 with the area and ZIP terms) strays by about 2.1 %/√(n/100):
    // within 5 % with 100 leases or more, within 12 % for the smallest groups; centred overall.
    expect(deviations.filter((d) => d.n >= 100 && Math.abs(d.off) > 0.05)).toEqual([]);
    expect(deviations.filter((d) => Math.abs(d.off) > 0.12)).toEqual([]);
    expect(Math.abs(median(deviations.map((d) => d.off)))).toBeLessThan(0.015);
    // The dearest and cheapest metros stay apart: a Denver 3-bedroom rents for about 1.7 Cleveland ones.
    const at = (key: string) => median(rents.get(key)!);
    expect(at('Denver|CO|3') / at('Cleveland|OH|3')).toBeGreaterThan(1.5);
  });

  it('reads DEMO_LISTINGS', () => {
    expect(parseDemoListings({})).toBe(20_000);
    expect(parseDemoListings({ DEMO_LISTINGS: '0' })).toBe(0);
    expect(parseDemoListings({ DEMO_LISTINGS: '500' })).toBe(500);
    expect(() => parseDemoListings({ DEMO_LISTINGS: '-1' })).toThrow('DEMO_LISTINGS');
  });
});
