import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { importFile, REJECTED_HEADER } from '../../../../src/server/modules/feed-import/importer';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parseCsvRecords } from '../../../../src/server/lib/csv';

v8.setFlagsFromString('--expose-gc');
/** A full collection, to read the live heap. */
const collectGarbage = vm.runInNewContext('gc') as () => void;

const HEADER =
  'ListingKey,StandardStatus,ListPrice,ClosePrice,CloseDate,PublicRemarks,BedroomsTotal,BathroomsFull,BathroomsHalf,BathroomsThreeQuarter,BathroomsTotalInteger,LivingArea,UnparsedAddress,City,StateOrProvince,PostalCode,Latitude,Longitude';

function row(values: Record<string, string | number>): string {
  const cols = HEADER.split(',');
  return cols.map((c) => (values[c] === undefined ? '' : String(values[c]))).join(',');
}

const base = {
  BedroomsTotal: 3,
  BathroomsFull: 2,
  BathroomsHalf: 0,
  LivingArea: 1500,
  City: 'Austin',
  StateOrProvince: 'TX',
  PostalCode: '78704',
};
const lines = [
  HEADER,
  row({
    ...base,
    ListingKey: 'A1',
    StandardStatus: 'Active',
    ListPrice: 250000,
    UnparsedAddress: '1 OAK ST',
    Latitude: 30.25,
    Longitude: -97.75,
  }),
  // Remarks with a comma, quotes and a line break.
  `A2,Active,400000,,,"Big, bright ""modern""\nhome",3,2,1,,9,1500,2 ELM ST,Austin,TX,78704,30.251,-97.751`,
  row({
    ...base,
    ListingKey: 'S1',
    StandardStatus: 'Closed',
    ClosePrice: 300000,
    CloseDate: '2025-10-01',
    Latitude: 30.252,
    Longitude: -97.752,
  }),
  row({
    ...base,
    ListingKey: 'S2',
    StandardStatus: 'Closed',
    ClosePrice: 320000,
    CloseDate: '2025-09-01',
    Latitude: 30.249,
    Longitude: -97.749,
  }),
  row({
    ...base,
    ListingKey: 'S3',
    StandardStatus: 'Closed',
    ClosePrice: 310000,
    CloseDate: '2025-08-01',
    Latitude: 30.2505,
    Longitude: -97.7505,
  }),
  row({ ...base, ListingKey: 'BAD1', StandardStatus: 'Active', ListPrice: 'lots', Latitude: 30.25, Longitude: -97.75 }),
  row({ ...base, ListingKey: 'BAD2', StandardStatus: 'Pending', ListPrice: 1, Latitude: 30.25, Longitude: -97.75 }),
  row({ ...base, ListingKey: '', StandardStatus: 'Closed', ClosePrice: 1, Latitude: 99, Longitude: -97.75 }),
  'too,few,fields',
];

describe.each(DATABASES)('importer on $name', (database) => {
  let t: TestApp;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-import-'));
    file = path.join(dir, 'feed.csv');
    fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const snapshot = async () =>
    (
      await sql<{ listing_key: string; updated_at: Date; comp_ids: string[]; deal_status: string }>`
        select listing_key, updated_at, comp_ids, deal_status from properties order by listing_key`.execute(t.db)
    ).rows;

  it('imports listings and sold comps, computes comps and deal status, and reports rejected rows with reasons', async () => {
    const summary = await importFile(t.db, file, { batchSize: 2 });
    expect(summary.rows).toBe(lines.length - 1);
    expect(summary.listings).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    expect(summary.sold).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    // BAD2 (Pending) is a listing gone off the market, not a rejected row: none of ours had its key.
    expect(summary.rejected).toBe(3);
    expect(summary.offMarket).toBe(0);
    expect(summary.recomputed).toBe(2);
    expect(summary.loadSeconds).toBeGreaterThan(0);
    expect(summary.loadSeconds).toBeLessThanOrEqual(summary.seconds);

    const props = await snapshot();
    expect(props.map((p) => [p.listing_key, p.deal_status, p.comp_ids.length])).toEqual([
      ['A1', 'Good Deal', 3],
      ['A2', 'Overpriced', 3],
    ]);
    const a2 = await sql<{
      remarks: string;
      baths_total: number;
    }>`select remarks, baths_total from properties where listing_key = 'A2'`.execute(t.db);
    expect(a2.rows[0]).toEqual({ remarks: 'Big, bright "modern"\nhome', baths_total: 3 });

    const report = parseCsvRecords(fs.readFileSync(`${file}.rejected.csv`, 'utf8'));
    expect(report[0].fields.join(',')).toBe(REJECTED_HEADER);
    expect(report.slice(1).map((r) => [r.fields[0], r.fields[1]])).toEqual([
      ['8', 'ListPrice is not a number: "lots"'],
      ['10', 'ListingKey is required; Latitude must be at most 90; CloseDate is required'],
      ['11', 'Expected 18 fields, found 3'],
    ]);
    expect(report[3].fields[2]).toBe('too,few,fields');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await snapshot();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const summary = await importFile(t.db, file);
    expect(summary.listings).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect(summary.sold).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    expect(summary.recomputed).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('recomputes listings near a changed sale only', async () => {
    const before = await snapshot();
    const change = path.join(dir, 'change.jsonl');
    fs.writeFileSync(
      change,
      [
        JSON.stringify({
          ListingKey: 'S1',
          StandardStatus: 'Closed',
          ClosePrice: 200000,
          CloseDate: '2025-10-01',
          BedroomsTotal: 3,
          BathroomsFull: 2,
          BathroomsHalf: 0,
          LivingArea: 1500,
          Latitude: 30.252,
          Longitude: -97.752,
        }),
        '{not json',
      ].join('\n'),
    );
    const summary = await importFile(t.db, change);
    expect(summary.sold.updated).toBe(1);
    expect(summary.recomputed).toBe(2);
    expect(summary.rejected).toBe(1);
    const after = await snapshot();
    // A1 (250k) is no longer below every comp (200k): Market Price now.
    expect(after.find((p) => p.listing_key === 'A1')!.deal_status).toBe('Market Price');
    expect(after.find((p) => p.listing_key === 'A1')!.updated_at.getTime()).toBeGreaterThan(before[0].updated_at.getTime());
    // A2 stays Overpriced with the same comps (its confidence and comp-based ARV changed).
    expect(after.find((p) => p.listing_key === 'A2')!.deal_status).toBe('Overpriced');
    expect(after.find((p) => p.listing_key === 'A2')!.comp_ids).toEqual(before.find((p) => p.listing_key === 'A2')!.comp_ids);
  });

  it('recomputes the listings near where a moved sale was', async () => {
    const compIds = async () =>
      (await sql<{ comp_ids: string[] }>`select comp_ids from properties order by listing_key`.execute(t.db)).rows.map(
        (r) => r.comp_ids,
      );
    const s3 = (await sql<{ id: string }>`select id from sold_comps where listing_key = 'S3'`.execute(t.db)).rows[0].id;
    expect((await compIds()).every((ids) => ids.includes(s3))).toBe(true);
    const moved = path.join(dir, 'moved.csv');
    const sale = { ...base, ListingKey: 'S3', StandardStatus: 'Closed', ClosePrice: 310000, CloseDate: '2025-08-01' };
    fs.writeFileSync(moved, `${HEADER}\n${row({ ...sale, Latitude: 40.5, Longitude: -80.5 })}\n`);
    const summary = await importFile(t.db, moved);
    expect(summary.sold).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    // Nothing is near its new place: A1 and A2 are recomputed because it was near them.
    expect(summary.recomputed).toBe(2);
    expect((await compIds()).some((ids) => ids.includes(s3))).toBe(false);
  });

  it('removes a listing whose key arrives as a closed sale', async () => {
    const sold = path.join(dir, 'sold.csv');
    const closing = { ...base, ListingKey: 'A2', StandardStatus: 'Closed', ClosePrice: 395000, CloseDate: '2025-11-01' };
    fs.writeFileSync(
      sold,
      `${HEADER}\n${row({ ...closing, UnparsedAddress: '2 ELM ST', Latitude: 30.251, Longitude: -97.751 })}\n`,
    );
    const summary = await importFile(t.db, sold);
    expect(summary).toMatchObject({ removedListings: 1, sold: { inserted: 1, updated: 0, unchanged: 0 } });
    expect((await snapshot()).map((p) => p.listing_key)).toEqual(['A1']);
    const a1 = (await snapshot())[0];
    const a2 = (await sql<{ id: string }>`select id from sold_comps where listing_key = 'A2'`.execute(t.db)).rows[0].id;
    // A1 was recomputed with the new sale next door among its comps.
    expect(a1.comp_ids).toContain(a2);
  });

  it('rejects the rest of a file whose quote is never closed, keeping the rows before it', async () => {
    const broken = path.join(dir, 'broken.csv');
    const good = row({
      ...base,
      ListingKey: 'Q1',
      StandardStatus: 'Closed',
      ClosePrice: 1000,
      CloseDate: '2025-01-01',
      Latitude: 30,
      Longitude: -97,
    });
    fs.writeFileSync(broken, `${HEADER}\n${good}\nQ2,Closed,"unclosed,remark\nmore\n`);
    const summary = await importFile(t.db, broken, { recompute: false });
    expect(summary).toMatchObject({ rows: 2, rejected: 1, sold: { inserted: 1, updated: 0, unchanged: 0 } });
    const report = parseCsvRecords(fs.readFileSync(`${broken}.rejected.csv`, 'utf8'));
    expect(report.slice(1).map((r) => [r.fields[0], r.fields[1]])).toEqual([
      ['3', 'A quoted field that starts on line 3 is never closed'],
    ]);
  });

  it('streams a large CSV file: memory stays flat whatever its size, progress by bytes', async () => {
    const big = path.join(dir, 'big.csv');
    const remarks = 'Sunny corner lot, new roof; '.repeat(150); // about 4 KB a row, ignored for sold comps
    const rows = 10_000;
    const out = fs.createWriteStream(big);
    out.write(`${HEADER}\n`);
    for (let i = 0; i < rows; i++) {
      const line = row({
        ...base,
        ListingKey: `BIG${i}`,
        StandardStatus: 'Closed',
        ClosePrice: 200_000 + i,
        CloseDate: '2025-06-01',
        PublicRemarks: `"${remarks}${i}"`,
        Latitude: 30 + (i % 1000) / 10_000,
        Longitude: -97 - Math.floor(i / 1000) / 10_000,
      });
      if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const size = fs.statSync(big).size;
    expect(size).toBeGreaterThan(40 * 1024 * 1024);

    // The live heap (after a collection), sampled at every progress report.
    const liveHeap = () => {
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const baseline = liveHeap();
    let peak = baseline;
    const progress: number[] = [];
    const summary = await importFile(t.db, big, {
      recompute: false,
      batchSize: 1000,
      onProgress: (p) => {
        peak = Math.max(peak, liveHeap());
        progress.push(p.bytes);
      },
    });
    expect(summary).toMatchObject({ rows, rejected: 0, sold: { inserted: rows, updated: 0, unchanged: 0 } });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[progress.length - 1]).toBe(size);
    // A file read whole would take more than its size in heap; streamed, the heap holds a batch or two
    // (1,000 rows of 4 KB, and what the driver holds of the last statement): about 5 MB on PGlite, 11 on PostgreSQL.
    expect(peak - baseline).toBeLessThan(size / 2);
  }, 120_000);
});

describe.each(DATABASES)('bulk load (exclusive import) on $name', (database) => {
  let t: TestApp;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-bulk-'));
    file = path.join(dir, 'feed.csv');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The tables' indexes: name, definition and oid (a rebuilt index has a new one). */
  const indexes = async () =>
    (
      await sql<{ name: string; definition: string; oid: number }>`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, c.oid::int as oid
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in ('properties'::regclass, 'sold_comps'::regclass) order by c.relname`.execute(t.db)
    ).rows;
  const keys = async () =>
    (
      await sql<{ listing_key: string }>`
        select listing_key from properties union all select listing_key from sold_comps order by listing_key`.execute(t.db)
    ).rows.map((r) => r.listing_key);
  /** A trigger that refuses to write the sold comp with this key. */
  const refuseSale = async (key: string) => {
    await sql`create function refuse_sale() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_sale before insert or update on sold_comps for each row
      when (new.listing_key = ${sql.lit(key)}) execute function refuse_sale()`.execute(t.db);
  };
  const allowSales = async () => {
    await sql`drop trigger refuse_sale on sold_comps`.execute(t.db);
    await sql`drop function refuse_sale()`.execute(t.db);
  };

  /** The returns copy's triggers that copy inserts and updates, and whether each is enabled ('O'). */
  const copyTriggers = async () =>
    (
      await sql<{ name: string; enabled: string }>`
        select tgname as name, tgenabled as enabled from pg_trigger
        where tgrelid = 'properties'::regclass and tgname in ('properties_returns_insert', 'properties_returns_update')
        order by tgname`.execute(t.db)
    ).rows;
  /** How many rows the returns copy and the listed listings do not have in common. */
  const copyDiffers = async () => {
    const columns = sql.raw(
      'id, longitude, latitude, list_price, beds, baths_total, deal_status, on_market_date, price_cut_percent, buy_hold_coc, brrrr_coc, fix_flip_coc, short_term_coc',
    );
    const r = await sql<{ n: number }>`
      select (select count(*) from (select ${columns} from properties where off_market_at is null
          except select ${columns} from property_returns) a)::int
        + (select count(*) from (select ${columns} from property_returns
          except select ${columns} from properties where off_market_at is null) b)::int as n`.execute(t.db);
    return r.rows[0].n;
  };
  const copiedKeys = async () =>
    (
      await sql<{ listing_key: string }>`
        select p.listing_key from property_returns r join properties p using (id) order by p.listing_key`.execute(t.db)
    ).rows.map((r) => r.listing_key);

  it('is all or nothing: a failed bulk load leaves the tables as they were, indexes included', async () => {
    const before = await indexes();
    expect(before.map((i) => i.name)).toEqual(expect.arrayContaining(['properties_address_trgm_idx', 'properties_map_idx']));
    await refuseSale('S3');
    await expect(importFile(t.db, file, { batchSize: 2, exclusive: true })).rejects.toThrow('refused by the test');
    await allowSales();
    // The batches before the refused one (A1, A2, S1, S2) are not kept.
    expect(await keys()).toEqual([]);
    expect(await indexes()).toEqual(before);
    expect(await copiedKeys()).toEqual([]);
    expect((await copyTriggers()).map((trigger) => trigger.enabled)).toEqual(['O', 'O']);
  });

  it('loads what a batch-by-batch import loads, and builds the indexes it dropped again', async () => {
    const before = await indexes();
    const summary = await importFile(t.db, file, { batchSize: 2, exclusive: true });
    expect(summary.listings).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    expect(summary.sold).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    expect(summary).toMatchObject({ rejected: 3, recomputed: 2 });
    expect(await keys()).toEqual(['A1', 'A2', 'S1', 'S2', 'S3']);
    const statuses = await sql<{ listing_key: string; deal_status: string; comps: number }>`
      select listing_key, deal_status, cardinality(comp_ids) as comps from properties order by listing_key`.execute(t.db);
    expect(statuses.rows).toEqual([
      { listing_key: 'A1', deal_status: 'Good Deal', comps: 3 },
      { listing_key: 'A2', deal_status: 'Overpriced', comps: 3 },
    ]);
    const after = await indexes();
    // The same indexes, defined the same way; those the upserts only maintain were built again
    // (new oids), the unique keys and markListingsNear's partial index were kept.
    const defined = (list: typeof after) => list.map(({ name, definition }) => ({ name, definition }));
    expect(defined(after)).toEqual(defined(before));
    expect(after.filter((index, i) => index.oid !== before[i].oid).map((index) => index.name)).toEqual([
      'properties_address_trgm_idx',
      'properties_city_state_idx',
      'properties_created_at_idx',
      'properties_map_idx',
      'properties_needs_recompute_idx',
      'properties_on_market_date_idx',
      'sold_comps_close_date_idx',
      'sold_comps_lng_lat_idx',
    ]);
    // A rebuilt index answers: the address search's trigram index finds A2.
    const address = sql`lower(address_full || ', ' || city || ', ' || state || ' ' || zip) like '%2 elm st%'`;
    const found = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select listing_key from properties where ${address}`.execute(trx);
      const rows = await sql<{ listing_key: string }>`select listing_key from properties where ${address}`.execute(trx);
      return { plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n'), keys: rows.rows.map((r) => r.listing_key) };
    });
    expect(found.plan).toContain('properties_address_trgm_idx');
    expect(found.keys).toEqual(['A2']);
  });

  it('writes the returns copy whole at the end of a bulk load, and copies each write again after it', async () => {
    await sql`delete from properties`.execute(t.db);
    await sql`delete from sold_comps`.execute(t.db);
    // Without the recomputation, whose updates the copy's triggers would copy anyway.
    await importFile(t.db, file, { batchSize: 2, exclusive: true, recompute: false });
    expect(await copyDiffers()).toBe(0);
    expect(await copiedKeys()).toEqual(['A1', 'A2']);
    expect(await copyTriggers()).toEqual([
      { name: 'properties_returns_insert', enabled: 'O' },
      { name: 'properties_returns_update', enabled: 'O' },
    ]);
    await sql`update properties set buy_hold_coc = 7.5 where listing_key = 'A1'`.execute(t.db);
    expect(await copyDiffers()).toBe(0);
  });

  it('writes batch by batch when the feed is smaller than what the tables hold', async () => {
    const small = path.join(dir, 'small.csv');
    const sale = (key: string, price: number) =>
      row({
        ...base,
        ListingKey: key,
        StandardStatus: 'Closed',
        ClosePrice: price,
        CloseDate: '2025-07-01',
        Latitude: 30.3,
        Longitude: -97.8,
      });
    fs.writeFileSync(small, `${HEADER}\n${sale('T1', 100000)}\n${sale('T2', 110000)}\n`);
    await refuseSale('T2');
    await expect(importFile(t.db, small, { batchSize: 1, exclusive: true })).rejects.toThrow('refused by the test');
    await allowSales();
    // T1's batch was committed before T2's failed.
    expect(await keys()).toEqual(['A1', 'A2', 'S1', 'S2', 'S3', 'T1']);
  });

  it("estimates the feed's rows from the rows handled so far, whatever the batch size", async () => {
    const sales = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) =>
        row({
          ...base,
          ListingKey: `${prefix}${i}`,
          StandardStatus: 'Closed',
          ClosePrice: 100000 + i,
          CloseDate: '2025-07-01',
          Latitude: 31 + i / 10000,
          Longitude: -98,
        }),
      );
    // The tables hold ~100 rows; the feed has 2,000, so over four times as many: a bulk load. Read in
    // groups of 1,000 records, a first batch of 100 must not be taken for a tenth of the bytes read.
    const held = path.join(dir, 'held.csv');
    fs.writeFileSync(held, `${[HEADER, ...sales('U', 100)].join('\n')}\n`);
    await importFile(t.db, held, { recompute: false });
    const feed = path.join(dir, 'feed-2000.csv');
    fs.writeFileSync(feed, `${[HEADER, ...sales('V', 2000)].join('\n')}\n`);
    await refuseSale('V1999');
    await expect(importFile(t.db, feed, { batchSize: 100, exclusive: true, recompute: false })).rejects.toThrow(
      'refused by the test',
    );
    await allowSales();
    // All or nothing: none of the feed's first 1,999 rows was kept.
    expect((await keys()).filter((key) => key.startsWith('V'))).toEqual([]);
  });
});
