import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import { importFile } from '../../../../src/server/modules/feed-import/importer';
import { PLACE_MESSAGES } from '../../../../src/shared/place-query';
import type { GeocodeAnswer } from '../../../../src/shared/schemas/places';

describe.each(DATABASES)('geocoding (GET /geocode) on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    await loadDemoData(t.db, { listings: 600, seed: 3 });
    token = (await signup(t.app)).token;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const geocode = (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/auth/geocode?${new URLSearchParams({ q })}`, headers: bearer(token) });
  const places = async (q: string) => {
    const response = await geocode(q);
    expect(response.statusCode).toBe(200);
    return (json(response).data as GeocodeAnswer).places;
  };
  const listingsWhere = async (condition: ReturnType<typeof sql>) =>
    (
      await sql<{ n: number; south: number; north: number; west: number; east: number }>`
        select count(*)::int as n, min(latitude) as south, max(latitude) as north, min(longitude) as west, max(longitude) as east
        from properties where ${condition}`.execute(t.db)
    ).rows[0];

  it('finds a city by its name, with or without its state, reaching every listing of it', async () => {
    const austin = await listingsWhere(sql`city = 'Austin' and state = 'TX'`);
    expect(austin.n).toBeGreaterThan(0);
    for (const q of ['Austin', 'austin', 'Austin, TX', 'austin tx', 'Austin Texas', '  AUSTIN ,  tx ']) {
      const [place, ...rest] = await places(q);
      expect(rest).toEqual([]);
      expect(place).toMatchObject({
        kind: 'city',
        label: 'Austin, TX',
        city: 'Austin',
        state: 'TX',
        zip: null,
        listings: austin.n,
      });
      expect(place.bounds).toEqual({ ne: { lat: austin.north, lng: austin.east }, sw: { lat: austin.south, lng: austin.west } });
    }
    // A city's start, when no city has exactly that name.
    expect((await places('San Ant')).map((p) => p.label)).toEqual(['San Antonio, TX']);
    // The right state only.
    expect((await geocode('Austin, OH')).statusCode).toBe(404);
  });

  it("finds a ZIP, and only that ZIP's listings are inside its bounds", async () => {
    const zip = (await sql<{ zip: string }>`select zip from properties where city = 'Dallas' limit 1`.execute(t.db)).rows[0].zip;
    const stats = await listingsWhere(sql`zip = ${zip}`);
    const [place, ...rest] = await places(zip);
    expect(rest).toEqual([]);
    expect(place).toMatchObject({ kind: 'zip', zip, label: `${zip} (Dallas, TX)`, listings: stats.n });
    expect(place.bounds).toEqual({ ne: { lat: stats.north, lng: stats.east }, sw: { lat: stats.south, lng: stats.west } });
    expect((await places(`${zip}-1234`))[0].zip).toBe(zip);
  });

  it('answers an unknown place 404 "No such place" and an empty one 400, each with what to type', async () => {
    const unknown = await geocode('Atlantis');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe(PLACE_MESSAGES.notFound('Atlantis'));
    expect(json(await geocode('00000')).error.message).toBe(PLACE_MESSAGES.notFound('00000'));
    const empty = await geocode('   ');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe(PLACE_MESSAGES.empty);
    expect((await geocode('x'.repeat(150))).statusCode).toBe(400);
    // LIKE's wildcards are literal.
    expect((await geocode('%')).statusCode).toBe(404);
  });

  it('makes every city with demo listings a market (the Markets tab is never empty while listings exist)', async () => {
    const cities = (
      await sql<{
        city: string;
        state: string;
      }>`select distinct city, upper(state) as state from properties order by 1, 2`.execute(t.db)
    ).rows;
    const markets = await t.app.inject({ method: 'GET', url: '/api/v1/lookups/investmentMarkets' });
    const listed = (json(markets).data as Array<{ city: string; state: string }>).map((m) => `${m.city}, ${m.state}`);
    expect(cities.length).toBeGreaterThan(5);
    for (const c of cities) expect(listed).toContain(`${c.city}, ${c.state}`);
  });

  it("adds an imported feed's cities and ZIPs", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-places-'));
    try {
      const file = path.join(dir, 'feed.csv');
      fs.writeFileSync(
        file,
        'ListingKey,StandardStatus,ListPrice,BedroomsTotal,BathroomsFull,LivingArea,UnparsedAddress,City,StateOrProvince,PostalCode,Latitude,Longitude\n' +
          'PL1,Active,210000,3,2,1400,1 MAIN ST,Boise,ID,83702,43.615,-116.2\n',
      );
      expect((await geocode('Boise')).statusCode).toBe(404);
      await importFile(t.db, file);
      expect((await places('Boise, ID'))[0]).toMatchObject({
        label: 'Boise, ID',
        listings: 1,
        center: { lat: 43.615, lng: -116.2 },
      });
      expect((await places('83702'))[0].label).toBe('83702 (Boise, ID)');
      // Its city is a market too, which users can choose in their profile.
      const boise = await t.db.selectFrom('markets').select(['city', 'state', 'active']).where('city', '=', 'Boise').execute();
      expect(boise).toEqual([{ city: 'Boise', state: 'ID', active: true }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
