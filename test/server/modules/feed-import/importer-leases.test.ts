import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { importFile } from '../../../../src/server/modules/feed-import/importer';
import { parseCsvRecords } from '../../../../src/server/lib/csv';

const HEADER =
  'ListingKey,PropertyType,StandardStatus,ListPrice,ClosePrice,CloseDate,BedroomsTotal,BathroomsFull,BathroomsHalf,BathroomsThreeQuarter,LivingArea,UnparsedAddress,City,StateOrProvince,PostalCode,Latitude,Longitude';

function row(values: Record<string, string | number>): string {
  return HEADER.split(',')
    .map((c) => (values[c] === undefined ? '' : String(values[c])))
    .join(',');
}

const home = { BedroomsTotal: 3, BathroomsFull: 2, BathroomsHalf: 1, LivingArea: 1500, City: 'Austin', StateOrProvince: 'tx' };
const lease = (key: string, rent: number | string, extra: Record<string, string | number> = {}) => ({
  ...home,
  ListingKey: key,
  PropertyType: 'ResidentialLease',
  StandardStatus: 'Closed',
  ClosePrice: rent,
  CloseDate: '2025-09-15',
  UnparsedAddress: `${key} LEASE LN`,
  PostalCode: '78704',
  Latitude: 30.25,
  Longitude: -97.75,
  ...extra,
});

// Two listings 0.7 mi apart in Austin, and one in Dallas (~180 mi away), with the leases' rows.
const lines = [
  HEADER,
  row({
    ...home,
    ListingKey: 'A1',
    PropertyType: 'Residential',
    StandardStatus: 'Active',
    ListPrice: 350000,
    Latitude: 30.25,
    Longitude: -97.75,
  }),
  row({ ...home, ListingKey: 'A2', StandardStatus: 'Active', ListPrice: 360000, Latitude: 30.26, Longitude: -97.75 }),
  row({
    ...home,
    ListingKey: 'D1',
    StandardStatus: 'Active',
    ListPrice: 300000,
    City: 'Dallas',
    Latitude: 32.78,
    Longitude: -96.8,
  }),
  row(lease('L1', 2100)),
  row(lease('L2', '"$2,250"', { BedroomsTotal: 2, BathroomsFull: 1, BathroomsHalf: 0, LivingArea: 1100.4, Latitude: 30.255 })),
  row(lease('L3', 1950, { PropertyType: 'residentiallease', StandardStatus: 'closed', CloseDate: '10/01/2025' })),
  row(lease('BADL1', 40)),
  row(lease('BADL2', 250000, { CloseDate: '' })),
  row(lease('BADL3', 2000, { StandardStatus: 'Active' })),
  row(lease('BADL4', 2000, { StandardStatus: 'Pending', Latitude: 99 })),
];

describe.each(DATABASES)('lease import on $name', (database) => {
  let t: TestApp;
  let dir: string;
  const file = () => path.join(dir, 'feed.csv');
  beforeAll(async () => {
    t = await createTestApp(database);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-leases-'));
    fs.writeFileSync(file(), `${lines.join('\n')}\n`);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const leases = async () =>
    (
      await sql<Record<string, unknown>>`
        select listing_key, rent, close_date::text as close_date, beds, baths_total, area, address_full, city, state, zip,
          latitude, longitude, updated_at
        from leases order by listing_key`.execute(t.db)
    ).rows;
  const marked = async () =>
    (
      await sql<{ listing_key: string }>`select listing_key from properties where needs_recompute order by listing_key`.execute(
        t.db,
      )
    ).rows.map((r) => r.listing_key);
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };

  it('imports closed ResidentialLease rows of a CSV feed as leases, beside listings, and rejects bad ones with reasons', async () => {
    const summary = await importFile(t.db, file(), { batchSize: 3 });
    expect(summary).toMatchObject({
      rows: lines.length - 1,
      listings: { inserted: 3, updated: 0, unchanged: 0 },
      sold: { inserted: 0, updated: 0, unchanged: 0 },
      leases: { inserted: 3, updated: 0, unchanged: 0 },
      rejected: 4,
      recomputed: 3,
    });
    expect((await leases()).map(({ updated_at: _, ...l }) => l)).toEqual([
      {
        listing_key: 'L1',
        rent: 2100,
        close_date: '2025-09-15',
        beds: 3,
        baths_total: 3,
        area: 1500,
        address_full: 'L1 LEASE LN',
        city: 'Austin',
        state: 'TX',
        zip: '78704',
        latitude: 30.25,
        longitude: -97.75,
      },
      expect.objectContaining({ listing_key: 'L2', rent: 2250, beds: 2, baths_total: 1, area: 1100, latitude: 30.255 }),
      expect.objectContaining({ listing_key: 'L3', rent: 1950, close_date: '2025-10-01' }),
    ]);
    // No lease became a listing or a sale.
    const keys = await sql<{
      k: string;
    }>`select listing_key as k from properties union all select listing_key from sold_comps`.execute(t.db);
    expect(keys.rows.map((r) => r.k).sort()).toEqual(['A1', 'A2', 'D1']);

    const report = parseCsvRecords(fs.readFileSync(`${file()}.rejected.csv`, 'utf8'));
    expect(report.slice(1).map((r) => [r.fields[0], r.fields[1]])).toEqual([
      ['8', 'ClosePrice of a lease is its monthly rent: must be from 100 to 100,000, not 40'],
      ['9', 'ClosePrice of a lease is its monthly rent: must be from 100 to 100,000, not 250000; CloseDate is required'],
      [
        '10',
        'PropertyType ResidentialLease is imported only when Closed (a closed lease); StandardStatus "Active" is not: active rentals are not listings for sale',
      ],
      [
        '11',
        'PropertyType ResidentialLease is imported only when Closed (a closed lease); StandardStatus "Pending" is not: active rentals are not listings for sale; Latitude must be at most 90',
      ],
    ]);
  });

  it('changes nothing when the same feed comes again; a changed rent updates its lease only', async () => {
    const before = await leases();
    const again = await importFile(t.db, file());
    expect(again.leases).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    expect(again.recomputed).toBe(0);
    expect(await leases()).toEqual(before);

    const changed = write(
      'changed.jsonl',
      [JSON.stringify(lease('L1', 2175)), JSON.stringify(lease('L3', 1950, { CloseDate: '2025-10-01' }))].join('\n'),
    );
    const summary = await importFile(t.db, changed, { recompute: false });
    expect(summary.leases).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const after = await leases();
    expect(after.find((l) => l.listing_key === 'L1')).toMatchObject({ rent: 2175 });
    expect((after.find((l) => l.listing_key === 'L1')!.updated_at as Date).getTime()).toBeGreaterThan(
      (before.find((l) => l.listing_key === 'L1')!.updated_at as Date).getTime(),
    );
    expect(after.find((l) => l.listing_key === 'L3')).toEqual(before.find((l) => l.listing_key === 'L3'));
    // The changed lease is within 3 mi of both Austin listings (they may use it), not of Dallas's.
    expect(await marked()).toEqual(['A1', 'A2']);
  });

  it('imports a JSON Lines feed of leases and marks the listings near a new lease, and near where a moved one was', async () => {
    await sql`update properties set needs_recompute = false`.execute(t.db);
    const feed = write(
      'leases.jsonl',
      [
        JSON.stringify({ ...lease('J1', 1800), PropertyType: 'ResidentialLease', Latitude: 32.79, Longitude: -96.81 }),
        JSON.stringify(lease('J2', 900, { ClosePrice: 'a lot' })),
      ].join('\n'),
    );
    const summary = await importFile(t.db, feed, { recompute: false });
    expect(summary).toMatchObject({ leases: { inserted: 1, updated: 0, unchanged: 0 }, rejected: 1 });
    expect((await leases()).find((l) => l.listing_key === 'J1')).toMatchObject({ rent: 1800, latitude: 32.79 });
    // Near Dallas's listing only.
    expect(await marked()).toEqual(['D1']);

    // L2 moves to Dallas: the Austin listings near where it was may lose it, D1 near where it is may gain it.
    await sql`update properties set needs_recompute = false`.execute(t.db);
    const moved = write('moved.csv', `${HEADER}\n${row(lease('L2', 2250, { Latitude: 32.78, Longitude: -96.8 }))}\n`);
    expect((await importFile(t.db, moved, { recompute: false })).leases).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await marked()).toEqual(['A1', 'A2', 'D1']);
  });

  it('leaves a listing alone when a lease arrives under its key (the leases keep their own keys)', async () => {
    const shared = write('shared.csv', `${HEADER}\n${row(lease('A2', 2300, { Latitude: 30.26 }))}\n`);
    const summary = await importFile(t.db, shared);
    expect(summary).toMatchObject({ leases: { inserted: 1, updated: 0, unchanged: 0 }, removedListings: 0 });
    const listing = await sql<{ list_price: number }>`select list_price from properties where listing_key = 'A2'`.execute(t.db);
    expect(listing.rows).toEqual([{ list_price: 360000 }]);
  });
});

describe.each(DATABASES)('bulk load of leases (exclusive import) on $name', (database) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-leases-bulk-'));
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const leaseIndexes = async () =>
    (
      await sql<{ name: string; oid: number }>`
        select c.relname as name, c.oid::int as oid from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'leases'::regclass order by c.relname`.execute(t.db)
    ).rows;

  it('loads the leases in one transaction and builds their position index again', async () => {
    const before = await leaseIndexes();
    expect(before.map((i) => i.name)).toEqual(['leases_listing_key_key', 'leases_lng_lat_idx', 'leases_pkey']);
    const file = path.join(dir, 'feed.csv');
    const rows = Array.from({ length: 50 }, (_, i) => row(lease(`B${i}`, 1500 + i, { Latitude: 30 + i / 1000 })));
    fs.writeFileSync(file, `${[HEADER, ...rows].join('\n')}\n`);
    const summary = await importFile(t.db, file, { batchSize: 20, exclusive: true });
    expect(summary.leases).toEqual({ inserted: 50, updated: 0, unchanged: 0 });
    const after = await leaseIndexes();
    expect(after.map((i) => i.name)).toEqual(before.map((i) => i.name));
    // Only the position index was dropped and built again (a new oid); the keys were kept.
    expect(after.filter((index, i) => index.oid !== before[i].oid).map((i) => i.name)).toEqual(['leases_lng_lat_idx']);
  });
});
