import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { ADMIN, DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, type TestApp } from '../../helpers';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import { rateRecomputerFor } from '../../../../src/server/modules/listings';
import { ratesFeedFor } from '../../../../src/server/modules/rates/feed';
import { loadConfig, parseRatesFeedUrl } from '../../../../src/server/lib/app-config';

const PMMS_HEADER = 'date,pmms30,pmms30p,pmms15,pmms15p,pmms51,pmms51p,pmms51m,pmms51spread';

/** Days before today as YYYY-MM-DD (UTC, as the server checks "in the future"). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('admin Rates section on $name', (database) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let investor: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(database);
    await loadDemoData(t.db, { listings: 120, seed: 7 });
    admin = bearer(json(await login(t.app, ADMIN.email, ADMIN.password)).data.token);
    investor = bearer((await signup(t.app)).token);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = admin, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const idle = () => rateRecomputerFor(t.app.dealmap.ctx, t.db, t.app.dealmap.ctx.cluster).idle();

  it('every Rates route is Admin only: 401 signed out, 403 for an Investor', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/rates'],
      ['GET', '/rates/status'],
      ['POST', '/rate', { product: '30-Year Fixed', rate: 6, asOf: '2025-12-04' }],
      ['GET', `/rate/${id}`],
      ['PUT', `/rate/${id}`, { product: '30-Year Fixed', rate: 6, asOf: '2025-12-04' }],
      ['DELETE', `/rate/${id}`],
      ['POST', '/rates/import', { csv: 'date,pmms30\n2025-12-04,6', dryRun: true }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, {}, body)).statusCode).toBe(401);
      const refused = await call(method, url, investor, body);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).error.code).toBe('FORBIDDEN');
    }
  });

  it('lists rates by product and survey week: newest first, searched, sorted and paged', async () => {
    const all = json(await call('GET', '/rates')).data;
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(all.items.map((r: { product: string; asOf: string }) => `${r.product} ${r.asOf}`)).toEqual([
      '15-Year Fixed 2025-11-20',
      '30-Year Fixed 2025-11-20',
    ]);
    const thirty = json(await call('GET', '/rates?q=30-year')).data;
    expect(thirty.total).toBe(1);
    expect(thirty.items[0]).toMatchObject({ product: '30-Year Fixed', rate: 6.26, termMonths: 360 });
    const byRate = json(await call('GET', '/rates?sort=-rate&pageSize=1&page=2')).data;
    expect(byRate).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(byRate.items[0].rate).toBe(5.54);
    const bad = await call('GET', '/rates?sort=colour');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toMatch(/Sort/i);
  });

  it('refuses bad input with 400 and a message a person can act on', async () => {
    const good = { product: '30-Year Fixed', rate: 6.1, asOf: '2025-12-04' };
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [payload, message] of [
      [{ ...good, rate: 0 }, 'Rate must be > 0'],
      [{ ...good, rate: 31 }, 'Rate must be <= 30'],
      [{ ...good, product: ' ' }, 'Product is required'],
      [{ ...good, asOf: '2025-02-30' }, 'As of must be a real date (YYYY-MM-DD)'],
      [{ ...good, asOf: tomorrow }, 'As of cannot be in the future'],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/rate'],
        ['POST', '/rates'],
      ] as const) {
        const response = await call(method, url, admin, payload);
        expect(response.statusCode).toBe(400);
        expect(json(response).error.message).toBe(message);
      }
    }
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const badId = await call(method, '/rate/not-an-id', admin, method === 'PUT' ? good : undefined);
      expect(badId.statusCode).toBe(400);
      expect(json(badId).error.message).toBe('Invalid rate ID provided');
    }
  });

  it('adds, edits and deletes a rate; the same product and week twice is a 409; a gone rate is a 404', async () => {
    const created = await call('POST', '/rate', admin, {
      product: ' 5/1 ARM ',
      rate: 5.875,
      asOf: '2025-11-20',
      source: ' Bank ',
    });
    expect(created.statusCode).toBe(201);
    const rate = json(created).data;
    expect(rate).toMatchObject({ product: '5/1 ARM', rate: 5.875, asOf: '2025-11-20', source: 'Bank' });

    const again = await call('POST', '/rate', admin, { product: '5/1 arm', rate: 5.9, asOf: '2025-11-20' });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe('A 5/1 arm rate for the week of Nov 20, 2025 already exists: edit that one instead');

    expect(json(await call('GET', `/rate/${rate._id}`)).data).toEqual(rate);
    const edited = await call('PUT', `/rate/${rate._id}`, admin, { product: '5/1 ARM', rate: 5.75, asOf: '2025-11-13' });
    expect(edited.statusCode).toBe(200);
    expect(json(edited).data).toMatchObject({ _id: rate._id, rate: 5.75, asOf: '2025-11-13', source: '' });

    // Moving the 15-year seed onto the week of another 15-year rate is refused.
    const fifteen = json(await call('GET', '/rates?q=15-year')).data.items[0];
    await call('POST', '/rate', admin, { product: '15-Year Fixed', rate: 5.5, asOf: '2025-11-13' });
    const clash = await call('PUT', `/rate/${fifteen._id}`, admin, { product: '15-Year Fixed', rate: 5.5, asOf: '2025-11-13' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).error.fields).toHaveProperty('asOf');

    expect((await call('DELETE', `/rate/${rate._id}`)).statusCode).toBe(204);
    const gone = await call('DELETE', `/rate/${rate._id}`);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).error.message).toBe('This rate no longer exists');
    expect((await call('GET', `/rate/${rate._id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/rate/${rate._id}`, admin, { product: 'X', rate: 5, asOf: '2025-11-13' })).statusCode).toBe(404);
  });

  it('previews a PMMS file with its row errors, refuses to import it until they are fixed, then imports it', async () => {
    const week1 = daysAgo(10);
    const week2 = daysAgo(3);
    const withErrors = [
      PMMS_HEADER,
      '2025-11-20,6.26,0.6,5.54,0.6,,,,', // the seeded week: unchanged
      `${week1},6.30,0.6,5.60,0.6,,,,`,
      'someday,6.1,0.6,5.5,0.6,,,,',
      `${week2},six,0.6,5.5,0.6,,,,`,
    ].join('\n');
    const preview = await call('POST', '/rates/import', admin, { csv: withErrors, dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(json(preview).data).toEqual({
      rows: [
        { line: 2, asOf: '2025-11-20', thirty: 6.26, fifteen: 5.54, change: 'unchanged' },
        { line: 3, asOf: week1, thirty: 6.3, fifteen: 5.6, change: 'new' },
      ],
      errors: [
        { line: 4, message: 'Not a date: "someday"' },
        { line: 5, message: 'A rate is not a number between 0 and 30' },
      ],
      newRates: 2,
      changedRates: 0,
      written: 0,
    });

    const refused = await call('POST', '/rates/import', admin, { csv: withErrors });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error.message).toBe(
      '2 lines have errors; nothing was imported. Fix them in the file and choose it again.',
    );
    expect(json(refused).error.report.errors).toHaveLength(2);
    expect(json(await call('GET', '/rates')).data.total).toBe(3);

    const fixed = [PMMS_HEADER, `${week1},6.30,0.6,5.60,0.6,,,,`, `${week2},7.05,0.6,5.61,0.6,,,,`].join('\r\n');
    const imported = await call('POST', '/rates/import', admin, { csv: fixed });
    expect(imported.statusCode).toBe(200);
    expect(json(imported).data).toMatchObject({ newRates: 4, changedRates: 0, written: 4, errors: [] });

    // The new latest 30-year rate re-prices every listing in the background; the status says how far it got.
    const status = json(await call('GET', '/rates/status')).data;
    expect(status.feed).toMatchObject({ configured: false, url: null, lastFetchAt: null });
    expect(status.reprice).toEqual(expect.objectContaining({ running: expect.any(Boolean) }));
    await idle();
    const done = json(await call('GET', '/rates/status')).data.reprice;
    expect(done.running).toBe(false);
    expect(done.done).toBe(done.total);
    expect(done.total).toBeGreaterThan(0);
    const stale = await sql<{ n: number }>`
      select count(*)::int as n from properties where inputs is not null and results_rate is distinct from 7.05`.execute(t.db);
    expect(stale.rows[0].n).toBe(0);
    const latest = json(await t.app.inject({ method: 'GET', url: '/api/v1/rates/latest' })).data;
    expect(latest[0]).toMatchObject({ product: '30-Year Fixed', rate: 7.05, asOf: week2, source: 'Freddie Mac PMMS' });

    // The same file again changes nothing.
    const repeat = json(await call('POST', '/rates/import', admin, { csv: fixed, dryRun: true })).data;
    expect(repeat.rows.map((r: { change: string }) => r.change)).toEqual(['unchanged', 'unchanged']);
  });

  it('answers 400 for a file that is not a PMMS history, a week twice or a week in the future', async () => {
    for (const [csv, message] of [
      ['name,active\nx,true', 'This is not a PMMS history file: No date column (expected a header named date or week)'],
      [
        'date,colour\n2025-11-20,blue',
        'This is not a PMMS history file: No 30-year or 15-year rate column (expected headers like pmms30 / 30-Year FRM)',
      ],
      ['date,pmms30\n', 'The file has no weeks with a rate below the header'],
    ]) {
      const response = await call('POST', '/rates/import', admin, { csv, dryRun: true });
      expect(response.statusCode).toBe(400);
      expect(json(response).error.message).toBe(message);
      expect(json(response).error.fields.csv).toBe(message);
    }
    const future = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const report = json(
      await call('POST', '/rates/import', admin, {
        csv: `Week,30-Year FRM,15-Year FRM\n11/20/2025,6.26,5.54\n11/20/2025,6.3,5.5\n${future},6,5`,
        dryRun: true,
      }),
    ).data;
    expect(report.rows).toHaveLength(1);
    expect(report.errors).toEqual([
      { line: 3, message: 'The week of Nov 20, 2025 appears twice' },
      { line: 4, message: expect.stringMatching(/is in the future$/) },
    ]);
    expect((await call('POST', '/rates/import', admin, { csv: '' })).statusCode).toBe(400);
  });

  it('editing the latest 30-year rate re-prices; deleting it falls back to the week before', async () => {
    const latest = json(await call('GET', '/rates?q=30-year&pageSize=1')).data.items[0];
    const edited = await call('PUT', `/rate/${latest._id}`, admin, { product: '30-Year Fixed', rate: 6.9, asOf: latest.asOf });
    expect(edited.statusCode).toBe(200);
    await idle();
    const rates = await sql<{ r: number }>`select distinct results_rate as r from properties where inputs is not null`.execute(
      t.db,
    );
    expect(rates.rows).toEqual([{ r: 6.9 }]);
    expect((await call('DELETE', `/rate/${latest._id}`)).statusCode).toBe(204);
    await idle();
    const after = await sql<{ r: number }>`select distinct results_rate as r from properties where inputs is not null`.execute(
      t.db,
    );
    expect(after.rows).toEqual([{ r: 6.3 }]);
  });

  it('every add, edit, delete and import of a rate is in the audit log, with who did it and the rate before and after', async () => {
    const created = json(await call('POST', '/rate', admin, { product: 'Audit ARM', rate: 5.5, asOf: '2025-10-02' })).data;
    expect(
      (await call('PUT', `/rate/${created._id}`, admin, { product: 'Audit ARM', rate: 5.625, asOf: '2025-10-02' })).statusCode,
    ).toBe(200);
    // An edit that changes nothing writes no entry.
    expect(
      (await call('PUT', `/rate/${created._id}`, admin, { product: 'Audit ARM', rate: 5.625, asOf: '2025-10-02' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/rate/${created._id}`)).statusCode).toBe(204);
    const entries = json(await call('GET', `/audit-log?entityType=rate&entityId=${created._id}`)).data.items;
    expect(
      entries.map((e: { action: string; before: unknown; after: unknown; actorUsername: string }) => [
        e.action,
        e.before,
        e.after,
        e.actorUsername,
      ]),
    ).toEqual([
      ['delete', { product: 'Audit ARM', rate: 5.625, asOf: '2025-10-02', source: '' }, null, ADMIN.email],
      [
        'update',
        { product: 'Audit ARM', rate: 5.5, asOf: '2025-10-02', source: '' },
        { product: 'Audit ARM', rate: 5.625, asOf: '2025-10-02', source: '' },
        ADMIN.email,
      ],
      ['create', null, { product: 'Audit ARM', rate: 5.5, asOf: '2025-10-02', source: '' }, ADMIN.email],
    ]);

    const imported = await call('POST', '/rates/import', admin, { csv: `${PMMS_HEADER}\n2001-03-08,6.88,0.6,6.20,0.6,,,,` });
    expect(imported.statusCode).toBe(200);
    expect(json(imported).data.written).toBe(2);
    const log = json(await call('GET', '/audit-log?entityType=rate&pageSize=2')).data.items;
    expect(
      log.map((e: { action: string; before: unknown; after: { product: string; asOf: string } }) => [
        e.action,
        e.before,
        e.after.product,
        e.after.asOf,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['import', null, '15-Year Fixed', '2001-03-08'],
        ['import', null, '30-Year Fixed', '2001-03-08'],
      ]),
    );
    // A week the file changes keeps its rate before; the API's upsert is audited the same way.
    const corrected = await call('POST', '/rates/import', admin, { csv: `${PMMS_HEADER}\n2001-03-08,6.9,0.6,6.20,0.6,,,,` });
    expect(json(corrected).data.written).toBe(1);
    const upserted = await call('POST', '/rates', admin, { product: '30-Year Fixed', rate: 6.95, asOf: '2001-03-08' });
    expect(upserted.statusCode).toBe(200);
    const latest = json(await call('GET', '/audit-log?entityType=rate&pageSize=2')).data.items;
    expect(
      latest.map((e: { action: string; before: { rate: number }; after: { rate: number } }) => [
        e.action,
        e.before.rate,
        e.after.rate,
      ]),
    ).toEqual([
      ['update', 6.9, 6.95],
      ['import', 6.88, 6.9],
    ]);
  });
});

describe.each(DATABASES)('GET /rates/pricing on $name', (database) => {
  it(
    'says the rate results are priced at and whether a re-price runs, for anyone (the search page polls it)',
    async () => {
      const t = await createTestApp(database);
      try {
        await loadDemoData(t.db, { listings: 300, seed: 5 });
        const pricing = async () => {
          const answer = await t.app.inject({ method: 'GET', url: '/api/v1/rates/pricing' });
          expect(answer.statusCode).toBe(200);
          return json(answer).data;
        };
        expect(await pricing()).toEqual({ rate: 6.26, repricing: false, version: 0 });
        const admin = bearer(json(await login(t.app, ADMIN.email, ADMIN.password)).data.token);
        const added = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/rate',
          headers: admin,
          payload: { product: '30-Year Fixed', rate: 5.75, asOf: daysAgo(1) },
        });
        expect(added.statusCode).toBe(201);
        expect(await pricing()).toEqual({ rate: 5.75, repricing: true, version: 0 });
        await rateRecomputerFor(t.app.dealmap.ctx, t.db, t.app.dealmap.ctx.cluster).idle();
        expect(await pricing()).toEqual({ rate: 5.75, repricing: false, version: 1 });
      } finally {
        await t.close();
      }
    },
    SETUP_TIMEOUT,
  );
});

describe('RATES_FEED_URL', () => {
  it('is an http(s) address without credentials, or unset', () => {
    expect(parseRatesFeedUrl(undefined)).toBeUndefined();
    expect(parseRatesFeedUrl('  ')).toBeUndefined();
    expect(parseRatesFeedUrl('https://www.freddiemac.com/pmms/docs/historicalweeklydata.csv')).toBe(
      'https://www.freddiemac.com/pmms/docs/historicalweeklydata.csv',
    );
    expect(() => parseRatesFeedUrl('freddiemac.com/pmms.csv')).toThrow(/must be an http\(s\) address/);
    expect(() => parseRatesFeedUrl('ftp://example.com/pmms.csv')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseRatesFeedUrl('https://user:secret@example.com/pmms.csv')).toThrow(/user name or password/);
    expect(
      loadConfig({ DATA_DIR: '/tmp/dealmap-rates-feed-config', RATES_FEED_URL: 'http://127.0.0.1:9/x.csv', JWT_SECRET: 's' })
        .ratesFeedUrl,
    ).toBe('http://127.0.0.1:9/x.csv');
  });
});

/** A feed on a local HTTP server: the PMMS file under /pmms.csv, something else under /bad.csv. */
async function startFeedServer(
  pmms: string,
): Promise<{ url: (path: string) => string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/pmms.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(pmms);
    } else if (request.url === '/bad.csv') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Maintenance</body></html>');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASES)('the weekly PMMS feed on $name', (database) => {
  const week1 = daysAgo(9);
  const week2 = daysAgo(2);
  const pmms = [
    PMMS_HEADER,
    `2025-11-20,6.26,0.6,5.54,0.6,,,,`,
    `${week1},6.4,0.6,5.7,0.6,,,,`,
    `${week2},6.5,0.6,5.8,0.6,,,,`,
  ].join('\n');
  let feedServer: Awaited<ReturnType<typeof startFeedServer>>;
  beforeAll(async () => {
    feedServer = await startFeedServer(pmms);
  });
  afterAll(async () => feedServer?.close());

  const statusOf = async (t: TestApp) => {
    const token = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token;
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/rates/status', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return json(response).data;
  };

  it(
    'fetches the feed once the server is ready, imports the new weeks, records the fetch and re-prices',
    async () => {
      const t = await createTestApp(database, { config: { ratesFeedUrl: feedServer.url('/pmms.csv') } });
      try {
        const feed = ratesFeedFor(t.app.dealmap.ctx)!;
        expect(feed).toBeDefined();
        await feed.idle();
        expect(feedServer.hits).toContain('/pmms.csv');
        const latest = json(await t.app.inject({ method: 'GET', url: '/api/v1/rates/latest' })).data;
        expect(latest[0]).toMatchObject({ product: '30-Year Fixed', rate: 6.5, asOf: week2, source: 'Freddie Mac PMMS' });
        const status = await statusOf(t);
        expect(status.feed).toMatchObject({
          configured: true,
          url: feedServer.url('/pmms.csv'),
          lastError: null,
          lastWritten: 4,
          fetching: false,
        });
        expect(Date.parse(status.feed.lastFetchAt)).toBeGreaterThan(Date.now() - 60_000);
        expect(status.feed.lastSuccessAt).toBe(status.feed.lastFetchAt);
        expect(Date.parse(status.feed.nextFetchAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

        // The next week's fetch of the same file writes nothing new.
        await feed.fetchNow();
        expect((await statusOf(t)).feed).toMatchObject({ lastWritten: 0, lastError: null });
      } finally {
        await t.close();
      }
    },
    SETUP_TIMEOUT,
  );

  it(
    'records a file that is not a PMMS CSV, then an unreachable address, keeping the last success',
    async () => {
      const t = await createTestApp(database, { config: { ratesFeedUrl: feedServer.url('/bad.csv') } });
      try {
        const feed = ratesFeedFor(t.app.dealmap.ctx)!;
        await feed.idle();
        const bad = (await statusOf(t)).feed;
        expect(bad.lastError).toBe(
          "The feed's file is not a PMMS history CSV: No date column (expected a header named date or week)",
        );
        expect(bad.lastSuccessAt).toBeNull();
        expect(bad.lastFetchAt).not.toBeNull();
        const latest = json(await t.app.inject({ method: 'GET', url: '/api/v1/rates/latest' })).data;
        expect(latest[0]).toMatchObject({ rate: 6.26, asOf: '2025-11-20' });
      } finally {
        await t.close();
      }

      // An address nothing listens on (a port just closed).
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const url = `http://127.0.0.1:${port}/pmms.csv`;
      const u = await createTestApp(database, { config: { ratesFeedUrl: url } });
      try {
        await ratesFeedFor(u.app.dealmap.ctx)!.idle();
        const status = (await statusOf(u)).feed;
        expect(status.lastError).toBe(`Could not reach ${url} (ECONNREFUSED)`);
        expect(status.lastWritten).toBeNull();
      } finally {
        await u.close();
      }
    },
    SETUP_TIMEOUT,
  );

  it(
    'clears its timer when the app closes',
    async () => {
      const t = await createTestApp(database, { config: { ratesFeedUrl: feedServer.url('/missing.csv') } });
      const feed = ratesFeedFor(t.app.dealmap.ctx)!;
      await feed.idle();
      expect((await statusOf(t)).feed.lastError).toBe('The feed answered HTTP 404 Not Found');
      expect(feed.scheduled).toBe(true);
      await t.close();
      expect(feed.scheduled).toBe(false);
      const hits = feedServer.hits.length;
      await feed.fetchNow();
      expect(feedServer.hits.length).toBe(hits);
    },
    SETUP_TIMEOUT,
  );
});
