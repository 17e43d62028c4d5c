import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { recomputeDirty } from '../../../../src/server/modules/listings';
import { MILES_PER_DEGREE_LAT } from '../../../../src/shared/geo/distance';
import { rentEstimateText } from '../../../../src/shared/rent-estimate';
import type { LeaseComp, Property } from '../../../../src/shared/schemas/property';

/**
 * The lease comps' rent in the recomputation and the API (docs/investment-math.md, "Rent from lease
 * comps"): the estimate becomes the engine's rent where the feed gives none, a feed rent stays with
 * the estimate beside it, and too few leases fall back to the city's median, then to the price.
 * Far from the demo cities, so only these rows are near each other.
 */

const ORIGIN = { lat: 44.5, lng: -121.5 };
const north = (miles: number) => ORIGIN.lat + miles / MILES_PER_DEGREE_LAT;

describe.each(DATABASES)('rent from lease comps on $name', (database) => {
  let t: TestApp;
  let token: string;
  let leaseDay: string;
  /** Days from the test's leases to the newest lease in the database (the estimate's reference date). */
  let leaseAge: number;

  const insertListing = async (
    key: string,
    fields: { lat: number; lng?: number; rent?: number | null; area?: number; city?: string },
  ) => {
    await sql`
      insert into properties (listing_key, list_price, beds, baths_full, area, address_full, city, state, zip, latitude, longitude, monthly_rent, needs_recompute)
      values (${key}, 300000, 3, 2, ${fields.area ?? 1500}, ${`${key} Lease Test Rd`}, ${fields.city ?? 'Leaseville'}, 'OR', '97000',
        ${fields.lat}, ${fields.lng ?? ORIGIN.lng}, ${fields.rent ?? null}, true)`.execute(t.db);
  };
  const insertLease = async (key: string, miles: number, rent: number, area: number, city = 'Leaseville') => {
    await sql`
      insert into leases (listing_key, rent, close_date, beds, baths_full, area, address_full, city, state, zip, latitude, longitude)
      values (${key}, ${rent}, ${leaseDay}::date, 3, 2, ${area}, ${`${key} Rental Ave`}, ${city}, 'OR', '97000', ${north(miles)}, ${ORIGIN.lng})`.execute(
      t.db,
    );
  };
  const get = async (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/auth${url}`, headers: bearer(token) });
  const property = async (key: string): Promise<Property> => {
    const { id } = (await sql<{ id: string }>`select id from properties where listing_key = ${key}`.execute(t.db)).rows[0];
    const response = await get(`/property/${id}`);
    expect(response.statusCode).toBe(200);
    return json(response).data as Property;
  };

  beforeAll(async () => {
    t = await createTestApp(database);
    token = (await signup(t.app)).token;
    // The leases' reference date is the newest lease in the database (the demo's, if loaded): a month before it.
    const newest = (await sql<{ d: string | null }>`select max(close_date)::text as d from leases`.execute(t.db)).rows[0].d;
    leaseDay = (await sql<{ d: string }>`select (coalesce(${newest}::date, current_date) - 30)::text as d`.execute(t.db)).rows[0]
      .d;
    // Five leases within half a mile of the origin (the hand-checked example of test/shared/rent-estimate.test.ts).
    await insertLease('RL1', 0.2, 1800, 1500);
    await insertLease('RL2', 0.3, 1500, 1200);
    await insertLease('RL3', 0.4, 2100, 1800);
    await insertLease('RL4', 0.45, 2000, 1600);
    await insertLease('RL5', 0.48, 1600, 1400);
    await insertListing('ESTIMATED', { lat: ORIGIN.lat });
    await insertListing('FEED', { lat: ORIGIN.lat, lng: ORIGIN.lng + 0.0001, rent: 1950 });
    // Ten miles away in the same city: no lease within 3 miles, the city's median rent per sq ft (1.2) × 1,500.
    await insertListing('CITY', { lat: north(10) });
    // Another city with no leases: 0.75 % of the price.
    await insertListing('NOWHERE', { lat: north(20), city: 'Nolease' });
    await recomputeDirty(t.db);
    leaseAge = (await sql<{ n: number }>`select (max(close_date) - ${leaseDay}::date)::int as n from leases`.execute(t.db))
      .rows[0].n;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
  });

  it("makes the leases' estimate the engine's rent, with its range, count, distance and recency", async () => {
    const p = await property('ESTIMATED');
    expect(p.rentEstimate).toMatchObject({
      source: 'leases',
      monthlyRent: 1800,
      low: 1750,
      high: 1875,
      leaseCount: 5,
      farthestMiles: 0.5,
      oldestMonths: 1,
      newestLeaseDays: leaseAge,
      searchedMiles: 3,
    });
    expect(p.monthlyRent).toBe(1800);
    expect(p.leaseCompIds).toHaveLength(5);
    // The strategy results were computed at that rent.
    const inputs = (
      await sql<{ inputs: { monthlyRent: number } }>`select inputs from properties where listing_key = 'ESTIMATED'`.execute(t.db)
    ).rows[0].inputs;
    expect(inputs.monthlyRent).toBe(1800);
    expect(rentEstimateText(p.rentEstimate!, p.monthlyRent)).toBe(
      "Rent $1,800/mo · from 5 leases within 0.5 mi, last 1 month · lease comps' spread $1,750–$1,875",
    );

    const response = await get(`/property/lease-comps?ids=${p.leaseCompIds.join(',')}`);
    expect(response.statusCode).toBe(200);
    const leases = json(response).data as LeaseComp[];
    expect(leases.map((l) => l.PropertyAddressFull)).toEqual([
      'RL1 Rental Ave',
      'RL2 Rental Ave',
      'RL3 Rental Ave',
      'RL4 Rental Ave',
      'RL5 Rental Ave',
    ]);
    expect(leases[1]).toMatchObject({
      monthlyRent: 1500,
      closeDate: leaseDay,
      BuildingAreaTotal: 1200,
      BedroomsTotal: 3,
      BathroomsTotal: 2,
    });
  });

  it("keeps a feed's rent and carries the estimate beside it", async () => {
    const p = await property('FEED');
    expect(p.monthlyRent).toBe(1950);
    expect(p.rentEstimate).toMatchObject({ source: 'feed', monthlyRent: 1800, leaseCount: 5 });
  });

  it("falls back visibly: the city's median rent per square foot, then 0.75 % of the price", async () => {
    const city = await property('CITY');
    // The city's leases' rent per sq ft: 1.2, 1.25, 1.1667, 1.25, 1.1429; median 1.2 × 1,500 = 1,800.
    expect(city.rentEstimate).toMatchObject({ source: 'cityMedian', monthlyRent: null, leaseCount: 0 });
    expect(city.monthlyRent).toBe(1800);
    expect(city.leaseCompIds).toEqual([]);
    const nowhere = await property('NOWHERE');
    expect(nowhere.rentEstimate).toMatchObject({ source: 'price', monthlyRent: null });
    expect(nowhere.monthlyRent).toBe(2250);
    expect(rentEstimateText(nowhere.rentEstimate!, nowhere.monthlyRent)).toBe(
      'No lease comps within 3 mi: rent at 0.75% of the price, $2,250/mo',
    );
  });

  it('answers 400 and 404 for lease comp ids with a message', async () => {
    const empty = await get('/property/lease-comps?ids=');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe('ids is required: a comma-separated list of lease comp ids');
    const bad = await get('/property/lease-comps?ids=nope');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe('Lease comp id "nope" is not a valid id');
    const missing = await get('/property/lease-comps?ids=00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error.message).toBe('Lease comp not found: 00000000-0000-4000-8000-000000000000');
  });
});
