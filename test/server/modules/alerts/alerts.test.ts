/**
 * Saved-search alerts (issue 28) on PGlite and PostgreSQL: the matcher's reasons and baseline, the
 * e-mails through the server's outbox (5-minute batching, the daily digest, the signed one-click
 * unsubscribe), the notifications routes, and the change signal picked up by the worker's poll.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../../../../src/server/db/database';
import { rateRecomputerFor } from '../../../../src/server/modules/listings';
import { AlertWorker, signUnsubscribeToken } from '../../../../src/server/modules/alerts';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import {
  createTestOutbox,
  emlHeader,
  emlText,
  importListings,
  recordPriceChange,
  saveSearch,
  type OutboxMailer,
} from './alerts-fixtures';

jest.setTimeout(60_000);

const MINUTE = 60_000;

interface MatchRow {
  search_id: string;
  listing_key: string;
  reason: string;
  cut_price: number;
  price: number;
  cash_on_cash: number | null;
  emailed_at: Date | null;
}

describe.each(DATABASES)('saved-search alerts on $name', (database) => {
  let t: TestApp;
  let outbox: OutboxMailer;
  let dir: string;
  /** The worker's clock: the tests move it (e-mail spacing, digest hour). */
  let clock = new Date();
  let investor: Awaited<ReturnType<typeof signup>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-alerts-'));
    outbox = createTestOutbox(path.join(dir, 'outbox'));
    t = await createTestApp(database, {
      mailer: outbox,
      // Turns run when a test asks (runOnce), never by the clock.
      alerts: { now: () => clock, pollMs: 3_600_000, retryMs: 0 },
      config: { alertDigestHour: 7 },
    });
    investor = await signup(t.app);
    // The first listings, before any search: every search saved after them has them as its baseline.
    await importListings(t.db, dir, [
      { key: 'L1', price: 250_000 },
      { key: 'L2', price: 320_000, latitude: 30.26 },
    ]);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const worker = () => t.app.dealmap.alerts;
  const turn = () => worker().runOnce();
  const matches = async (searchId?: string) =>
    (
      await sql<MatchRow>`
        select m.search_id, p.listing_key, m.reason, m.cut_price, m.price, m.cash_on_cash, m.emailed_at
        from alert_matches m join properties p on p.id = m.property_id
        where ${searchId ?? null}::uuid is null or m.search_id = ${searchId ?? null}::uuid
        order by m.matched_at, p.listing_key, m.reason`.execute(t.db)
    ).rows;
  /** Turns every instant search but these off, so each test sees its own e-mails only. */
  const onlyThese = async (...ids: string[]) => {
    await t.db.updateTable('saved_searches').set({ alert: 'off' }).where('id', 'not in', ids).execute();
  };
  /** Past the spacing of every earlier e-mail. */
  const later = (ms = 6 * MINUTE) => (clock = new Date(clock.getTime() + ms));

  it('reports a new matching listing once: one e-mail in the outbox with the listing and both unsubscribe forms', async () => {
    const search = await saveSearch(t.db, investor.user._id, { name: 'Austin under 400k', max_price: 400_000 });
    await onlyThese(search);
    await turn();
    expect(await matches(search)).toEqual([]);
    const before = outbox.files().length;

    await importListings(t.db, dir, [
      { key: 'L1', price: 250_000 },
      { key: 'L2', price: 320_000, latitude: 30.26 },
      { key: 'N1', price: 300_000, address: '77 NEW ST', latitude: 30.255 },
      // Outside the view, and over the price: not this search's.
      { key: 'N2', price: 300_000, latitude: 31.5 },
      { key: 'N3', price: 450_000, latitude: 30.256 },
    ]);
    await turn();
    expect((await matches(search)).map((m) => [m.listing_key, m.reason, m.price])).toEqual([['N1', 'new', 300_000]]);

    const files = outbox.files();
    expect(files.length - before).toBe(1);
    const eml = files[files.length - 1];
    expect(emlHeader(eml, 'To')).toBe(investor.email);
    expect(emlHeader(eml, 'Subject')).toBe('Dealmap: 1 new match for "Austin under 400k"');
    const body = emlText(eml);
    expect(body).toContain('77 New St, Austin, TX 78704');
    expect(body).toContain('New listing');
    expect(body).toContain('$300,000');
    const n1 = (await t.db.selectFrom('properties').select('id').where('listing_key', '=', 'N1').executeTakeFirstOrThrow()).id;
    expect(body).toContain(`https://dealmap.test/app/search?lat=30.255&lng=-97.75&zoom=16&property=${n1}`);
    const oneClick = emlHeader(eml, 'List-Unsubscribe')!;
    expect(oneClick).toMatch(/^<https:\/\/dealmap\.test\/api\/v1\/alerts\/unsubscribe\?token=[A-Za-z0-9_-]+>$/);
    expect(emlHeader(eml, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(body).toMatch(/https:\/\/dealmap\.test\/unsubscribe\?token=[A-Za-z0-9_-]+/);
    expect((await matches(search))[0].emailed_at).not.toBeNull();

    // The same import again: nothing new, no e-mail.
    await importListings(t.db, dir, [
      { key: 'L1', price: 250_000 },
      { key: 'L2', price: 320_000, latitude: 30.26 },
      { key: 'N1', price: 300_000, address: '77 NEW ST', latitude: 30.255 },
    ]);
    later();
    await turn();
    expect(await matches(search)).toHaveLength(1);
    expect(outbox.files().length - before).toBe(1);

    // The one-click unsubscribe (RFC 8058) works once, then says it is done.
    const url = oneClick.slice(1, -1).replace('https://dealmap.test', '');
    const click = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const alertOf = async () =>
      (await t.db.selectFrom('saved_searches').select('alert').where('id', '=', search).executeTakeFirstOrThrow()).alert;
    // Opened in a browser (a client without one-click): the unsubscribe page; a GET changes nothing.
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`https://dealmap.test/unsubscribe?${url.split('?')[1]}`);
    expect(await alertOf()).toBe('instant');
    const first = await click();
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toEqual({ status: 'unsubscribed', searchName: 'Austin under 400k' });
    expect(await alertOf()).toBe('off');
    const again = await click();
    expect(json(again).data).toEqual({ status: 'already-unsubscribed', searchName: 'Austin under 400k' });
    // The visible link's page POSTs the token as JSON.
    const visible = /https:\/\/dealmap\.test\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(body)![1];
    const page = await t.app.inject({ method: 'POST', url: '/api/v1/alerts/unsubscribe', payload: { token: visible } });
    expect(page.statusCode).toBe(200);
    expect(json(page).data.status).toBe('already-unsubscribed');
  });

  it('refuses a forged or damaged unsubscribe token (400) and one of a deleted search (404)', async () => {
    const post = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/alerts/unsubscribe', payload: { token } });
    const search = await saveSearch(t.db, investor.user._id, { alert: 'off' });
    const forged = signUnsubscribeToken('another-secret', [search]);
    for (const token of [forged, 'not-a-token', forged.slice(0, -3)]) {
      const answer = await post(token);
      expect(answer.statusCode).toBe(400);
      expect(json(answer).error.message).toMatch(/not valid/);
    }
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/alerts/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(noToken.statusCode).toBe(400);
    expect(json(noToken).error.message).toMatch(/no token/);

    const real = signUnsubscribeToken(t.app.dealmap.ctx.config.jwtSecret, [search]);
    await t.db.deleteFrom('saved_searches').where('id', '=', search).execute();
    const gone = await post(real);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).error.message).toMatch(/no longer exists/);
  });

  it('reports a price cut with the price before it, a further cut again, and the same import never twice', async () => {
    const search = await saveSearch(t.db, investor.user._id, { name: 'Cuts', max_price: 400_000 });
    await onlyThese(search);
    await turn();
    later();

    await importListings(t.db, dir, [{ key: 'L2', price: 300_000, latitude: 30.26 }]);
    await recordPriceChange(t.db, 'L2', 320_000, 300_000);
    await turn();
    expect((await matches(search)).map((m) => [m.listing_key, m.reason, m.cut_price, m.price])).toEqual([
      ['L2', 'price_cut', 300_000, 300_000],
    ]);
    const eml = emlText(outbox.files().at(-1)!);
    expect(eml).toContain('Price cut from $320,000 to $300,000');

    // The same import again: nothing new.
    await importListings(t.db, dir, [{ key: 'L2', price: 300_000, latitude: 30.26 }]);
    later();
    await turn();
    expect(await matches(search)).toHaveLength(1);

    // A further cut is another alert.
    await importListings(t.db, dir, [{ key: 'L2', price: 285_000, latitude: 30.26 }]);
    await recordPriceChange(t.db, 'L2', 300_000, 285_000);
    await turn();
    expect((await matches(search)).map((m) => [m.reason, m.cut_price])).toEqual([
      ['price_cut', 300_000],
      ['price_cut', 285_000],
    ]);

    // The notification carries the price before the cut.
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/auth/notifications', headers: bearer(investor.token) });
    expect(answer.statusCode).toBe(200);
    const cut = json(answer).data.notifications.find((n: { searchId: string }) => n.searchId === search);
    expect(cut).toMatchObject({ reason: 'price_cut', price: 285_000, previousPrice: 300_000, searchName: 'Cuts', read: false });
  });

  it('gives a search saved after the listings no flood, and searches with alerts off nothing', async () => {
    const baseline = await saveSearch(t.db, investor.user._id, { name: 'Baseline' });
    const off = await saveSearch(t.db, investor.user._id, { name: 'Off', alert: 'off' });
    await onlyThese(baseline);
    await turn();
    expect(await matches(baseline)).toEqual([]);

    // Every listing is re-priced (a new rate): changed, but not new, cut or paying a minimum to these.
    const latest = await sql<{
      rate: number;
    }>`select rate from rates where product = '30-Year Fixed' order by as_of desc limit 1`.execute(t.db);
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', ${latest.rows[0].rate + 0.5}, '2031-01-01', 'test')`.execute(
      t.db,
    );
    const repricer = rateRecomputerFor(t.app.dealmap.ctx, t.app.dealmap.ctx.db, t.app.dealmap.ctx.cluster);
    repricer.kick();
    await repricer.idle();
    await turn();
    expect(await matches(baseline)).toEqual([]);

    await importListings(t.db, dir, [{ key: 'N4', price: 260_000, latitude: 30.257 }]);
    await turn();
    expect((await matches(baseline)).map((m) => [m.listing_key, m.reason])).toEqual([['N4', 'new']]);
    expect(await matches(off)).toEqual([]);
  });

  it('reports a listing a re-price lifts over the search minimum cash-on-cash as now paying', async () => {
    const l1 = await sql<{ coc: number }>`select buy_hold_coc as coc from properties where listing_key = 'L1'`.execute(t.db);
    const coc = l1.rows[0].coc;
    expect(Number.isFinite(coc)).toBe(true);
    // Just above what L1 pays now: a lower rate lifts it over.
    const search = await saveSearch(t.db, investor.user._id, { name: 'Pays', strategy: 'buyHold', min_coc: coc + 0.01 });
    await onlyThese(search);
    await turn(); // keeps the listings' cash-on-cash from here on
    expect(await matches(search)).toEqual([]);

    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 3, '2031-02-01', 'test')`.execute(t.db);
    const repricer = rateRecomputerFor(t.app.dealmap.ctx, t.app.dealmap.ctx.db, t.app.dealmap.ctx.cluster);
    repricer.kick();
    await repricer.idle();
    later();
    await turn();
    const found = await matches(search);
    expect(found.map((m) => [m.listing_key, m.reason])).toContainEqual(['L1', 'now_pays']);
    expect(found.every((m) => m.reason === 'now_pays')).toBe(true);
    const after = await sql<{ coc: number }>`select buy_hold_coc as coc from properties where listing_key = 'L1'`.execute(t.db);
    expect(found.find((m) => m.listing_key === 'L1')!.cash_on_cash).toBeCloseTo(after.rows[0].coc, 6);
    expect(emlText(outbox.files().at(-1)!)).toMatch(/Now pays [\d.]+% cash-on-cash or more/);

    // Paying already: the next re-price reports nothing again.
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 2.9, '2031-02-08', 'test')`.execute(t.db);
    repricer.kick();
    await repricer.idle();
    await turn();
    expect(await matches(search)).toHaveLength(found.length);
  });

  it('batches instant alerts: at most one e-mail per user per 5 minutes, with every match waiting', async () => {
    const search = await saveSearch(t.db, investor.user._id, { name: 'Batched' });
    await onlyThese(search);
    later();
    await turn();
    const sent = () => outbox.messages.filter((m) => m.subject.includes('"Batched"'));

    await importListings(t.db, dir, [{ key: 'B1', price: 210_000, latitude: 30.21 }]);
    await turn();
    expect(sent()).toHaveLength(1);

    later(MINUTE);
    await importListings(t.db, dir, [{ key: 'B2', price: 220_000, latitude: 30.22 }]);
    await turn();
    later(MINUTE);
    await importListings(t.db, dir, [{ key: 'B3', price: 230_000, latitude: 30.23 }]);
    await turn();
    expect(sent()).toHaveLength(1);

    later(3 * MINUTE); // 5 minutes after the first
    await turn();
    expect(sent()).toHaveLength(2);
    expect(sent()[1].subject).toBe('Dealmap: 2 new matches for "Batched"');
    expect(sent()[1].text).toContain('2 Oak St');
    expect(sent()[1].text).toContain('3 Oak St');
    expect((await matches(search)).every((m) => m.emailed_at !== null)).toBe(true);
  });

  it('sends daily digests once a day at the digest hour', async () => {
    const search = await saveSearch(t.db, investor.user._id, { name: 'Daily', alert: 'daily' });
    await onlyThese(search);
    const at = (day: number, hour: number, minute = 0) => {
      const d = new Date(clock);
      d.setDate(d.getDate() + day);
      d.setHours(hour, minute, 0, 0);
      return d;
    };
    clock = at(1, 6, 30);
    await turn();
    const digests = () => outbox.messages.filter((m) => m.subject.startsWith('Dealmap daily digest'));
    const before = digests().length;

    await importListings(t.db, dir, [{ key: 'D1', price: 240_000, latitude: 30.24 }]);
    await turn();
    clock = at(0, 6, 59);
    await turn();
    expect(digests()).toHaveLength(before);

    clock = at(0, 7, 0);
    await turn();
    expect(digests()).toHaveLength(before + 1);
    expect(digests().at(-1)!.subject).toBe('Dealmap daily digest: 1 new match for "Daily"');

    clock = at(0, 9, 0);
    await importListings(t.db, dir, [{ key: 'D2', price: 245_000, latitude: 30.241 }]);
    await turn();
    clock = at(0, 23, 0);
    await turn();
    expect(digests()).toHaveLength(before + 1);
    clock = at(1, 7, 1);
    await turn();
    expect(digests()).toHaveLength(before + 2);
    expect(digests().at(-1)!.text).toContain('2 Oak St');
  });

  it("keeps sending to the others when one user's e-mail fails, and sends it at a later turn", async () => {
    const [refused, fine] = [await signup(t.app), await signup(t.app)];
    const searches = [
      await saveSearch(t.db, refused.user._id, { name: 'Refused' }),
      await saveSearch(t.db, fine.user._id, { name: 'Fine' }),
    ];
    await onlyThese(...searches);
    later();
    await turn();
    outbox.refused.add(refused.email);
    try {
      await importListings(t.db, dir, [{ key: 'F1', price: 230_000, latitude: 30.232 }]);
      await turn();
      expect(outbox.messages.filter((m) => m.to === fine.email)).toHaveLength(1);
      expect(outbox.messages.filter((m) => m.to === refused.email)).toHaveLength(0);
      expect((await matches(searches[0]))[0].emailed_at).toBeNull();
    } finally {
      outbox.refused.delete(refused.email);
    }
    await turn();
    expect(outbox.messages.filter((m) => m.to === refused.email)).toHaveLength(1);
    expect(outbox.messages.filter((m) => m.to === fine.email)).toHaveLength(1);
    expect((await matches(searches[0]))[0].emailed_at).not.toBeNull();
  });

  it('lists notifications newest first with the unread count, and marks one or all read', async () => {
    const list = async (token = investor.token) =>
      json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/notifications', headers: bearer(token) })).data;
    const answer = await list();
    expect(answer.notifications.length).toBeGreaterThan(3);
    expect(answer.unread).toBeGreaterThanOrEqual(answer.notifications.length);
    const times = answer.notifications.map((n: { matchedAt: string }) => Date.parse(n.matchedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(answer.notifications[0]).toEqual({
      _id: expect.any(String),
      searchId: expect.any(String),
      searchName: expect.any(String),
      dealId: null,
      stage: null,
      propertyId: expect.any(String),
      address: expect.stringContaining('Austin, TX 78704'),
      reason: expect.stringMatching(/^(new|price_cut|now_pays)$/),
      price: expect.any(Number),
      previousPrice: null,
      cashOnCash: null,
      strategy: null,
      status: null,
      compAddress: null,
      matchedAt: expect.any(String),
      read: false,
    });
    const pays = answer.notifications.find((n: { reason: string }) => n.reason === 'now_pays');
    expect(pays).toMatchObject({ strategy: 'buyHold', cashOnCash: expect.any(Number) });

    const first = answer.notifications[0]._id;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/notifications/${first}/read`,
      headers: bearer(investor.token),
    });
    expect(read.statusCode).toBe(204);
    const after = await list();
    expect(after.unread).toBe(answer.unread - 1);
    expect(after.notifications[0].read).toBe(true);

    // Someone else's, an unknown one, a malformed id.
    const other = await signup(t.app);
    expect((await list(other.token)).notifications).toEqual([]);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/notifications/${first}/read`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).error.message).toMatch(/Notification not found/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/notifications/nope/read',
      headers: bearer(investor.token),
    });
    expect(bad.statusCode).toBe(400);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/notifications/read-all',
      headers: bearer(investor.token),
    });
    expect(all.statusCode).toBe(204);
    expect((await list()).unread).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/notifications' })).statusCode).toBe(401);
  });

  it('picks up a change signal written elsewhere (the import CLI) by its poll', async () => {
    const search = await saveSearch(t.db, investor.user._id, { name: 'Polled' });
    await onlyThese(search);
    later();
    await turn();
    // A worker that looks every 100 ms instead of the test app's, which looks only when asked.
    await worker().stop();
    const { ctx, database, mail } = t.app.dealmap;
    const polling = new AlertWorker({
      db: ctx.db,
      database,
      locks: ctx.cluster,
      delivery: { db: ctx.db, mail, secret: ctx.config.jwtSecret, publicUrl: ctx.config.publicUrl },
      digestHour: 7,
      now: () => clock,
      pollMs: 100,
    });
    polling.start();
    try {
      await polling.idle();
      // The listing and the signal as another process writes them: the row alone, no notice.
      await t.db.transaction().execute(async (trx) => {
        await sql`
          insert into properties (listing_key, list_price, latitude, longitude, address_full, city, state, zip)
          values ('P1', 199000, 30.22, -97.72, '5 POLL ST', 'Austin', 'TX', '78704')`.execute(trx);
        await sql`update listing_changes set version = version + 1, changed_at = now()`.execute(trx);
      });
      expect(await waitFor(async () => (await matches(search)).length > 0)).toBe(true);
      expect((await matches(search)).map((m) => [m.listing_key, m.reason])).toEqual([['P1', 'new']]);
      expect(await waitFor(async () => outbox.messages.some((m) => m.subject.includes('"Polled"')))).toBe(true);
    } finally {
      await polling.stop();
    }
  });

  async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }
});

describe('saved-search alerts after `npm run import` on PGlite (the CLI writes, the next start matches and mails)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-alerts-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('matches and e-mails at the start what the import CLI changed while the server was stopped', async () => {
    const dataDir = path.join(dir, 'data');
    const start = (outbox: OutboxMailer) =>
      createTestApp({ name: 'pglite' }, { inMemory: false, mailer: outbox, config: { dataDir, jwtSecret: 'cli-test-secret' } });
    const outbox = createTestOutbox(path.join(dataDir, 'outbox'));
    const first = await start(outbox);
    const user = await signup(first.app);
    await importListings(first.db, dir, [{ key: 'C1', price: 250_000 }]);
    await first.app.dealmap.alerts.runOnce();
    const search = await saveSearch(first.db, user.user._id, { name: 'While stopped' });
    await first.app.dealmap.alerts.runOnce();
    await first.close();

    // `npm run import` on the stopped server's data directory.
    const cli = await createDatabase({ dataDir });
    try {
      await migrateToLatest(cli);
      await importListings(cli.db, dir, [
        { key: 'C1', price: 250_000 },
        { key: 'C2', price: 280_000, latitude: 30.27 },
      ]);
    } finally {
      await cli.close();
    }
    expect(outbox.files()).toHaveLength(0);

    const second = await start(outbox);
    try {
      await second.app.dealmap.alerts.runOnce();
      const rows = await sql<{ reason: string; listing_key: string }>`
        select m.reason, p.listing_key from alert_matches m join properties p on p.id = m.property_id
        where m.search_id = ${search}`.execute(second.db);
      expect(rows.rows).toEqual([{ reason: 'new', listing_key: 'C2' }]);
      expect(outbox.files()).toHaveLength(1);
      expect(emlHeader(outbox.files()[0], 'Subject')).toBe('Dealmap: 1 new match for "While stopped"');
    } finally {
      await second.close();
    }
  });
});
