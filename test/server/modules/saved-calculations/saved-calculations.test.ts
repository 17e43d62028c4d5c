import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { adminSession, sessionAs } from '../admin/admin-fixtures';
import { sql } from 'kysely';
import { DEFAULT_ASSUMPTIONS } from '../../../../src/shared/invest';
import { listingWhatIf } from '../../../support/what-if';
import { assumptionsFor, strategyResults } from '../../../../src/server/modules/listings/analysis';
import { PROPERTY_MESSAGES } from '../../../../src/server/modules/properties/routes';
import { MAX_SAVED_CALCULATIONS, SAVED_CALCULATION_MESSAGES } from '../../../../src/server/modules/saved-calculations/service';

const API = '/api/v1/auth/saved-calculations';
const COMP_A = '00000000-0000-4000-8000-00000000000a';
const COMP_B = '00000000-0000-4000-8000-00000000000b';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000999';

// At 6.5 %, not the latest rate (6.26): the saved snapshot and the current state differ.
const whatIf = () => listingWhatIf(6.5);

let listingCounter = 0;
async function insertProperty(t: TestApp, listPrice = 300_000, compIds = [COMP_A]): Promise<string> {
  listingCounter += 1;
  const row = await sql<{ id: string }>`
    insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude, comp_ids)
    values (${`SAVED-${listingCounter}`}, ${listPrice}, ${`${100 + listingCounter} MAIN ST`}, 'AUSTIN', 'tx', '78701', 30.27, -97.74,
            ${`{${compIds.join(',')}}`}::uuid[])
    returning id::text as id`.execute(t.db);
  return row.rows[0].id;
}

describe.each(DATABASES)('saved calculations API on $name', (database) => {
  let t: TestApp;
  let propertyId: string;
  let propertyAddress: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    propertyId = await insertProperty(t);
    propertyAddress = `${100 + listingCounter} Main St, Austin, TX 78701`;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const save = (token: string, body: Record<string, unknown> = {}) =>
    call('POST', '', token, { name: 'Main St buy & hold', propertyId, strategy: 'buyHold', whatIf: whatIf(), ...body });

  it('needs a signed-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', '/all'],
      ['GET', `/${UNKNOWN_ID}`],
      ['POST', ''],
      ['PATCH', `/${UNKNOWN_ID}`],
      ['DELETE', `/${UNKNOWN_ID}`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' || method === 'PATCH' ? {} : undefined)).statusCode).toBe(401);
    }
  });

  it('POST saves the what-if with server-computed results, the property snapshot and the current state', async () => {
    const { token } = await signup(t.app);
    const r = await save(token, { name: '  Main St buy & hold  ', strategy: 'brrrr' });
    expect(r.statusCode).toBe(201);
    const saved = json(r).data;
    expect(saved).toMatchObject({
      name: 'Main St buy & hold',
      propertyId,
      propertyAddress,
      strategy: 'brrrr',
      whatIf: whatIf(),
      saved: { listPrice: 300_000, rate: 6.5, compIDs: [COMP_A] },
      // The latest 30-year fixed rate seeded by the listings migration.
      current: { listPrice: 300_000, rate: 6.26, compIDs: [COMP_A] },
    });
    expect(saved._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(saved.createdAt)).not.toBeNaN();
    expect(saved.updatedAt).toBe(saved.createdAt);

    // The same rounded spec fields a property stores for the same inputs and assumptions.
    const f = whatIf().figures;
    const expected = strategyResults(
      {
        purchasePrice: f.purchasePrice,
        monthlyRent: f.monthlyRent,
        rehabEstimate: f.rehabCost,
        arvEstimate: f.arv,
        nightlyRate: f.peakNightlyRate,
        squareFeet: f.squareFeet,
      },
      assumptionsFor(6.5),
    );
    expect(saved.results).toEqual(expected);
    expect(saved.results.BRRRRResults.loanAmount).toBe(252_000);
    expect(saved.results.BRRRRResults.refiLoanAmount).toBe(288_000);
    expect(saved.results.ShortTermResults.peakSeasonRate).toBe(210);

    expect(json(await call('GET', `/${saved._id}`, token)).data).toEqual(saved);
  });

  it('ignores results sent by the client: they are always recomputed', async () => {
    const { token } = await signup(t.app);
    const r = await save(token, { results: { BuyHoldResults: { totalCashNeeded: 1 } } });
    expect(r.statusCode).toBe(201);
    expect(json(r).data.results.BuyHoldResults.totalCashNeeded).not.toBe(1);
  });

  it('answers what changed since: the listing price, comps and the latest rate now, the saved snapshot unchanged', async () => {
    const { token } = await signup(t.app);
    const ownProperty = await insertProperty(t, 250_000, [COMP_A]);
    const id = json(await save(token, { propertyId: ownProperty })).data._id;
    await sql`update properties set list_price = 240000, comp_ids = ${`{${COMP_B}}`}::uuid[] where id = ${ownProperty}::uuid`.execute(
      t.db,
    );
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 6.01, '2099-01-01', 'test')`.execute(
      t.db,
    );
    try {
      const now = json(await call('GET', `/${id}`, token)).data;
      expect(now.saved).toEqual({ listPrice: 250_000, rate: 6.5, compIDs: [COMP_A] });
      expect(now.current).toEqual({ listPrice: 240_000, rate: 6.01, compIDs: [COMP_B] });
      expect(json(await call('GET', '/all', token)).data[0].current.rate).toBe(6.01);
    } finally {
      await sql`delete from rates where as_of = '2099-01-01'`.execute(t.db);
    }
  });

  it('GET /all lists only the caller’s own, newest first', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    expect(json(await call('GET', '/all', a.token)).data).toEqual([]);
    const first = json(await save(a.token, { name: 'First' })).data;
    const second = json(await save(a.token, { name: 'Second', strategy: 'fixFlip' })).data;
    await save(b.token, { name: 'Not yours' });
    const list = json(await call('GET', '/all', a.token)).data;
    expect(list.map((s: { _id: string }) => s._id)).toEqual([second._id, first._id]);
    expect(list[0]).toEqual(second);
  });

  it('PATCH renames (trimmed); names are unique per user, case-insensitively', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const one = json(await save(a.token, { name: 'Deal one' })).data;
    await save(a.token, { name: 'Deal two' });
    await save(b.token, { name: 'Deal one' });

    const renamed = await call('PATCH', `/${one._id}`, a.token, { name: '  Deal 1 ' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).data).toMatchObject({ _id: one._id, name: 'Deal 1', results: one.results, saved: one.saved });
    expect(Date.parse(json(renamed).data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(one.updatedAt));
    // Its own name in another case is fine.
    expect(json(await call('PATCH', `/${one._id}`, a.token, { name: 'DEAL 1' })).data.name).toBe('DEAL 1');

    const taken = await call('PATCH', `/${one._id}`, a.token, { name: 'deal TWO' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).error.message).toBe(SAVED_CALCULATION_MESSAGES.nameTaken('deal TWO'));
    const dup = await save(a.token, { name: 'DEAL two' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).error).toMatchObject({
      code: 'CONFLICT',
      fields: { name: SAVED_CALCULATION_MESSAGES.nameTaken('DEAL two') },
    });
    expect(json(await call('GET', `/${one._id}`, a.token)).data.name).toBe('DEAL 1');
  });

  it('DELETE removes it (204), then it is gone', async () => {
    const { token } = await signup(t.app);
    const id = json(await save(token)).data._id;
    const r = await call('DELETE', `/${id}`, token);
    expect(r.statusCode).toBe(204);
    expect(r.body).toBe('');
    expect((await call('GET', `/${id}`, token)).statusCode).toBe(404);
    expect((await call('DELETE', `/${id}`, token)).statusCode).toBe(404);
    expect(json(await call('GET', '/all', token)).data).toEqual([]);
  });

  it('another user never reads, renames or deletes it: 404 like an unknown id', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const mine = json(await save(a.token, { name: 'Private' })).data;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of [mine._id, UNKNOWN_ID]) {
        const r = await call(method, `/${id}`, b.token, payload);
        expect(r.statusCode).toBe(404);
        expect(json(r).error.message).toBe(SAVED_CALCULATION_MESSAGES.notFound);
      }
    }
    expect(json(await call('GET', `/${mine._id}`, a.token)).data).toEqual(mine);
  });

  it('a malformed id is 400 on GET, PATCH and DELETE', async () => {
    const { token } = await signup(t.app);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const r = await call(method, '/not-an-id', token, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(r.statusCode).toBe(400);
      expect(json(r).error.message).toBe(SAVED_CALCULATION_MESSAGES.badId);
    }
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name', SAVED_CALCULATION_MESSAGES.nameRequired],
    ['no name', { name: undefined }, 'name', 'Name is required'],
    ['a name over 120 characters', { name: 'x'.repeat(121) }, 'name', SAVED_CALCULATION_MESSAGES.nameTooLong],
    ['an unknown strategy', { strategy: 'wholesale' }, 'strategy', 'Strategy must be one of: buyHold, brrrr, fixFlip, shortTerm'],
    ['a malformed property id', { propertyId: 'abc' }, 'propertyId', PROPERTY_MESSAGES.badPropertyId],
    ['an unknown property', { propertyId: UNKNOWN_ID }, 'propertyId', PROPERTY_MESSAGES.propertyNotFound],
    ['no what-if', { whatIf: undefined }, 'whatIf', 'What if is required'],
    [
      'a what-if that is not an object',
      { whatIf: 'cheap' },
      'whatIf',
      'The analysis must be an object with figures and assumptions',
    ],
  ])('POST answers 400 for %s', async (_name, body, field, message) => {
    const { token } = await signup(t.app);
    const r = await save(token, body);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.fields[field]).toBe(message);
    expect(json(await call('GET', '/all', token)).data).toEqual([]);
  });

  it('POST lists every what-if problem in the message and the first ones by input', async () => {
    const { token } = await signup(t.app);
    const bad = whatIf() as unknown as { figures: Record<string, unknown>; assumptions: Record<string, Record<string, unknown>> };
    bad.figures.purchasePrice = 0;
    bad.figures.monthlyRent = 'lots';
    delete bad.assumptions.financing.termMonths;
    bad.assumptions.shortTerm.peakMonths = 7;
    const r = await save(token, { whatIf: bad });
    expect(r.statusCode).toBe(400);
    const error = json(r).error;
    expect(error.message).toBe(
      [
        'Purchase price (figures.purchasePrice) must be between 1 and 1000000000',
        'Monthly rent (figures.monthlyRent) must be a number',
        'Loan term (assumptions.financing.termMonths) must be a number',
        `The three seasons must add up to 12 months (they add up to ${12 - DEFAULT_ASSUMPTIONS.shortTerm.peakMonths + 7})`,
      ].join('. ') + '.',
    );
    expect(error.fields).toEqual({
      whatIf: 'Purchase price (figures.purchasePrice) must be between 1 and 1000000000',
      'whatIf.figures.purchasePrice': 'Purchase price (figures.purchasePrice) must be between 1 and 1000000000',
      'whatIf.figures.monthlyRent': 'Monthly rent (figures.monthlyRent) must be a number',
      'whatIf.assumptions.financing.termMonths': 'Loan term (assumptions.financing.termMonths) must be a number',
    });
  });

  it(`POST answers 409 once a user holds ${MAX_SAVED_CALCULATIONS}`, async () => {
    const { token, user } = await signup(t.app);
    await sql`
      insert into saved_calculations (user_id, property_id, name, strategy, what_if, results, rate, list_price)
      select ${user._id}::uuid, ${propertyId}::uuid, 'Bulk ' || n, 'buyHold', '{}'::jsonb, '{}'::jsonb, 6.5, 300000
      from generate_series(1, ${MAX_SAVED_CALCULATIONS - 1}) as n`.execute(t.db);
    expect((await save(token, { name: 'The last one' })).statusCode).toBe(201);
    const r = await save(token, { name: 'One too many' });
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toBe(SAVED_CALCULATION_MESSAGES.limit);
  });

  it('goes with its property and with its user (an admin deletes the user)', async () => {
    const { token } = await signup(t.app);
    const doomed = await insertProperty(t);
    const id = json(await save(token, { propertyId: doomed })).data._id;
    await sql`delete from properties where id = ${doomed}::uuid`.execute(t.db);
    expect((await call('GET', `/${id}`, token)).statusCode).toBe(404);

    const admin = await adminSession(t.app);
    const investor = await sessionAs(t.app, admin.api, 'Investor');
    expect((await save(investor.token)).statusCode).toBe(201);
    expect((await admin.api.delete(`/user/${investor.user._id}`)).statusCode).toBe(204);
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from saved_calculations where user_id = ${investor.user._id}::uuid`.execute(t.db);
    expect(left.rows[0].n).toBe(0);
  });
});
