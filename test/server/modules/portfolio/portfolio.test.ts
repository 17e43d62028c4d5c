import { sql } from 'kysely';
import { monthlyPayment } from '../../../../src/shared/invest/mortgage';
import { daysInMonth, monthFromNumber, monthNumber } from '../../../../src/shared/portfolio/months';
import { PORTFOLIO_MESSAGES } from '../../../../src/server/modules/portfolio/service';
import { ADMIN, DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, login, signup, type TestApp } from '../../helpers';

/** Months from now (UTC): 0 this month, −3 three months ago. */
const month = (offset: number) => monthFromNumber(monthNumber(new Date().toISOString().slice(0, 7)) + offset);
const ORIGIN = { lat: 44.052, lng: -123.091 };
const north = (miles: number) => ORIGIN.lat + miles / 69;

describe.each(DATABASES)('the portfolio on $name', (database) => {
  let t: TestApp;
  let listingId: string;
  let day: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    // The comps' and leases' reference dates are the newest in the database (the demo's, if loaded): a month before it.
    const newest = (
      await sql<{
        d: string | null;
      }>`select greatest((select max(close_date) from sold_comps), (select max(close_date) from leases))::text as d`.execute(t.db)
    ).rows[0].d;
    day = (await sql<{ d: string }>`select (coalesce(${newest}::date, current_date) - 30)::text as d`.execute(t.db)).rows[0].d;
    for (const [n, price, rent] of [
      [1, 300000, 1900],
      [2, 310000, 2000],
      [3, 305000, 1950],
      [4, 295000, 1850],
      [5, 315000, 2050],
    ] as const) {
      await sql`insert into sold_comps (listing_key, close_price, list_price, close_date, beds, baths_full, area, address_full, city, state, zip, latitude, longitude)
        values (${`PF-SOLD-${n}`}, ${price}, ${price}, ${day}::date, 3, 2, 1500, ${`${n} Comp Way`}, 'Eugene', 'OR', '97401', ${north(0.1 * n)}, ${ORIGIN.lng})`.execute(
        t.db,
      );
      await sql`insert into leases (listing_key, rent, close_date, beds, baths_full, area, address_full, city, state, zip, latitude, longitude)
        values (${`PF-LEASE-${n}`}, ${rent}, ${day}::date, 3, 2, 1500, ${`${n} Lease Ln`}, 'Eugene', 'OR', '97401', ${north(0.1 * n)}, ${ORIGIN.lng})`.execute(
        t.db,
      );
    }
    const row = await sql<{ id: string }>`
      insert into properties (listing_key, list_price, beds, baths_full, area, address_full, city, state, zip, latitude, longitude)
      values ('PF-1', 305000, 3, 2, 1500, '12 OWNED ST', 'Eugene', 'OR', '97401', ${ORIGIN.lat}, ${ORIGIN.lng}) returning id::text as id`.execute(
      t.db,
    );
    listingId = row.rows[0].id;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/auth${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const loan = { amount: 240000, ratePercent: 6, termYears: 30, startDate: `${month(-3)}-15` };

  it('takes an Owned deal from the pipeline, values it by its comps and measures two months of actuals against its projection', async () => {
    const ada = await signup(t.app);
    const deal = json(await call(ada.token, 'PUT', `/pipeline/properties/${listingId}`, { stage: 'watching' })).data;
    const early = await call(ada.token, 'POST', '/portfolio/properties', {
      dealId: deal._id,
      purchasePrice: 300000,
      purchaseDate: `${month(-3)}-15`,
    });
    expect(early.statusCode).toBe(409);
    expect(json(early).error.message).toBe(PORTFOLIO_MESSAGES.dealNotOwned);

    await call(ada.token, 'PATCH', `/pipeline/${deal._id}`, { stage: 'owned' });
    const before = json(await call(ada.token, 'GET', '/portfolio')).data;
    expect(before.properties).toEqual([]);
    expect(before.ownedDeals).toEqual([expect.objectContaining({ dealId: deal._id, address: '12 Owned St', listPrice: 305000 })]);

    const added = await call(ada.token, 'POST', '/portfolio/properties', {
      dealId: deal._id,
      purchasePrice: 300000,
      purchaseDate: `${month(-3)}-15`,
      loan,
    });
    expect(added.statusCode).toBe(201);
    const property = json(added).data;
    expect(property).toMatchObject({
      dealId: deal._id,
      propertyId: listingId,
      address: '12 Owned St',
      beds: 3,
      area: 1500,
      loan,
    });
    // The projection at purchase: the rent estimate, the engine's defaults, the cash in (60,000 down + 3 % closing).
    expect(property.plan).toMatchObject({ vacancyPercent: 8, appreciationPercent: 3, cashInvested: 69000 });
    expect(property.plan.monthlyRent).toBeGreaterThanOrEqual(1850);
    expect(property.plan.monthlyRent).toBeLessThanOrEqual(2050);
    const { value, rent } = property.figures;
    expect(value.value).toBeGreaterThanOrEqual(290000);
    expect(value.value).toBeLessThanOrEqual(320000);
    expect(value.low).toBeLessThanOrEqual(value.value);
    expect(value.high).toBeGreaterThanOrEqual(value.value);
    expect(rent.value).toBe(property.plan.monthlyRent);
    expect(property.figures.changes).toContain(
      'No actuals yet: enter a month’s rent, vacancy and expenses to compare them with the projection',
    );
    expect(
      json(
        await call(ada.token, 'POST', '/portfolio/properties', {
          dealId: deal._id,
          purchasePrice: 1,
          purchaseDate: '2026-01-01',
        }),
      ).error.message,
    ).toBe(PORTFOLIO_MESSAGES.dealAdded);

    await call(ada.token, 'PUT', `/portfolio/properties/${property._id}/months/${month(-2)}`, {
      rent: 1900,
      vacantDays: 0,
      expenses: 600,
    });
    const second = await call(ada.token, 'PUT', `/portfolio/properties/${property._id}/months/${month(-1)}`, {
      rent: 1700,
      vacantDays: 0,
      expenses: 650,
      note: 'New tenant, lower rent',
    });
    expect(second.statusCode).toBe(200);
    const detail = json(second).data;
    const payment = monthlyPayment(240000, 6, 360);
    expect(detail.months).toEqual([
      { month: month(-2), rent: 1900, vacantDays: 0, expenses: 600 },
      { month: month(-1), rent: 1700, vacantDays: 0, expenses: 650, note: 'New tenant, lower rent' },
    ]);
    expect(detail.figures.monthsWithActuals).toBe(2);
    expect(detail.figures.cashFlowToDate).toBeCloseTo(1900 - 600 + 1700 - 650 - 2 * payment, 6);
    expect(detail.figures.monthlyPayment).toBeCloseTo(payment, 6);
    // Less than a year owned: no IRR to date yet.
    expect(detail.figures.irr).toBeNull();
    expect(detail.figures.changes.some((line: string) => line.startsWith('Cash flow '))).toBe(true);
    expect(detail.history.map((m: { month: string }) => m.month)).toEqual([month(-3), month(-2), month(-1), month(0)]);

    const portfolio = json(await call(ada.token, 'GET', '/portfolio')).data;
    expect(portfolio.asOf).toBe(month(0));
    expect(portfolio.ownedDeals).toEqual([]);
    expect(portfolio.totals.cashFlowToDate).toBeCloseTo(detail.figures.cashFlowToDate, 6);
    expect(portfolio.totals.equity).toBeCloseTo(detail.figures.equity, 6);
  });

  it('refuses months that cannot be, and keeps what was there', async () => {
    const bo = await signup(t.app);
    const { _id: id } = json(
      await call(bo.token, 'POST', '/portfolio/properties', {
        address: '3 Comp Way',
        city: 'Eugene',
        state: 'OR',
        zip: '97401',
        purchasePrice: 305000,
        purchaseDate: `${month(-4)}-01`,
      }),
    ).data;
    // Of any four months in a row, one has fewer than 31 days.
    const short = [-4, -3, -2, -1].map(month).find((m) => daysInMonth(m) < 31)!;
    const put = (m: string, body: object) => call(bo.token, 'PUT', `/portfolio/properties/${id}/months/${m}`, body);
    const ok = { rent: 1900, vacantDays: 0, expenses: 500 };
    for (const [m, body, message] of [
      [month(1), ok, PORTFOLIO_MESSAGES.futureMonth(month(1))],
      [month(-6), ok, PORTFOLIO_MESSAGES.beforePurchase(month(-4))],
      // The projection starts the month after the purchase: so do the actuals.
      [month(-4), ok, PORTFOLIO_MESSAGES.beforePurchase(month(-4))],
      ['March', ok, PORTFOLIO_MESSAGES.badMonth],
      [short, { ...ok, vacantDays: 31 }, PORTFOLIO_MESSAGES.tooManyVacantDays(short)],
    ] as const) {
      const refused = await put(m, body);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).error.message).toBe(message);
    }
    const negative = await put(month(-1), { ...ok, rent: -5 });
    expect(negative.statusCode).toBe(400);
    expect(json(await call(bo.token, 'GET', `/portfolio/properties/${id}`)).data.months).toEqual([]);
    // Deleting a month without actuals is the state asked for (a repeated DELETE): the property, no error.
    const noMonth = await call(bo.token, 'DELETE', `/portfolio/properties/${id}/months/${month(-1)}`);
    expect(noMonth.statusCode).toBe(200);
    expect(json(noMonth).data.months).toEqual([]);
    // A purchase date after months with actuals would orphan them.
    await put(month(-3), ok);
    const later = await call(bo.token, 'PATCH', `/portfolio/properties/${id}`, { purchaseDate: `${month(-1)}-01` });
    expect(later.statusCode).toBe(400);
    expect(json(later).error.message).toBe(PORTFOLIO_MESSAGES.monthsBeforePurchase(month(-3)));
    expect(json(await call(bo.token, 'GET', `/portfolio/properties/${id}`)).data.purchaseDate).toBe(`${month(-4)}-01`);
  });

  it('imports a property manager’s statement whole, or names the wrong columns and changes nothing', async () => {
    const cy = await signup(t.app);
    const { _id: id } = json(
      await call(cy.token, 'POST', '/portfolio/properties', {
        address: '9 Nowhere Rd',
        city: 'Eugene',
        state: 'OR',
        zip: '97401',
        purchasePrice: 280000,
        purchaseDate: `${month(-5)}-10`,
        beds: 3,
        area: 1500,
      }),
    ).data;
    const upload = (csv: string) => call(cy.token, 'POST', `/portfolio/properties/${id}/actuals.csv`, { csv });
    await call(cy.token, 'PUT', `/portfolio/properties/${id}/months/${month(-3)}`, { rent: 1000, vacantDays: 0, expenses: 100 });
    const months = async () => json(await call(cy.token, 'GET', `/portfolio/properties/${id}`)).data.months;
    const kept = await months();

    const wrong = await upload(`Month,Amount\n${month(-2)},1900\n`);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.message).toBe('Unknown column "Amount". The columns are: Month, Rent, Vacant days, Expenses, Note');
    const missing = await upload(`Month,Rent\n${month(-2)},1900\n`);
    expect(json(missing).error.message).toBe('Missing columns: Vacant days, Expenses');
    const badRow = await upload(`Month,Rent,Vacant days,Expenses\n${month(-2)},1900,0,450\n${month(-1)},lots,0,450\n`);
    expect(badRow.statusCode).toBe(400);
    expect(json(badRow).error.message).toBe('Row 3: Rent "lots" is not an amount in dollars. Nothing was imported.');
    expect(await months()).toEqual(kept);

    const good = await upload(
      `month,rent,vacant days,expenses,note\n${month(-3)},"$1,950.00",0,450,\n${month(-2)},0,10,300,Turnover\n`,
    );
    expect(good.body).toContain('imported');
    expect(good.statusCode).toBe(200);
    expect(json(good).data).toEqual({ imported: 2 });
    const after = await months();
    expect(after).toEqual([
      { month: month(-3), rent: 1950, vacantDays: 0, expenses: 450 },
      { month: month(-2), rent: 0, vacantDays: 10, expenses: 300, note: 'Turnover' },
    ]);
  });

  it('adds homes by address — a known sale’s facts, else the ZIP’s centre — and by a CSV list, all or none', async () => {
    const di = await signup(t.app);
    const known = json(
      await call(di.token, 'POST', '/portfolio/properties', {
        address: '2 COMP WAY',
        city: 'Eugene',
        state: 'or',
        zip: '97401',
        purchasePrice: 310000,
        purchaseDate: `${month(-2)}-01`,
      }),
    ).data;
    expect(known).toMatchObject({ beds: 3, area: 1500, state: 'OR', latitude: north(0.2), propertyId: null });
    const unknownZip = await call(di.token, 'POST', '/portfolio/properties', {
      address: '1 Lost Ln',
      city: 'Nowhere',
      state: 'OR',
      zip: '00000',
      purchasePrice: 100000,
      purchaseDate: '2024-01-01',
    });
    expect(unknownZip.statusCode).toBe(400);
    expect(json(unknownZip).error.message).toBe(PORTFOLIO_MESSAGES.unknownZip('00000'));
    const future = await call(di.token, 'POST', '/portfolio/properties', {
      ...{ address: '1 Soon St', city: 'Eugene', state: 'OR', zip: '97401' },
      purchasePrice: 100000,
      purchaseDate: `${month(2)}-01`,
    });
    expect(json(future).error.message).toBe(PORTFOLIO_MESSAGES.futureDate('The purchase date'));
    const nothing = await call(di.token, 'POST', '/portfolio/properties', { purchasePrice: 100000, purchaseDate: '2024-01-01' });
    expect(json(nothing).error.message).toBe(PORTFOLIO_MESSAGES.addressNeeded);

    const count = async () => json(await call(di.token, 'GET', '/portfolio')).data.properties.length;
    const header =
      'Address,City,State,ZIP,Purchase price,Purchase date,Loan amount,Loan rate,Loan term years,Loan start,Monthly rent';
    const wrong = await call(di.token, 'POST', '/portfolio/import.csv', { csv: 'Street,Price\n1 A St,100000\n' });
    expect(json(wrong).error.message).toBe(`Unknown column "Street". The columns are: ${header.split(',').join(', ')}`);
    const oneBad = await call(di.token, 'POST', '/portfolio/import.csv', {
      csv: `${header}\n5 Comp Way,Eugene,OR,97401,315000,2024-05-01,252000,6.5,30,,2100\n7 Elm St,Eugene,OR,97401,abc,2024-05-01,,,,,\n`,
    });
    expect(oneBad.statusCode).toBe(400);
    expect(json(oneBad).error.message).toBe('Row 3: Purchase price "abc" is not an amount in dollars. Nothing was imported.');
    expect(await count()).toBe(1);
    const impossible = await call(di.token, 'POST', '/portfolio/import.csv', {
      csv: `${header}\n5 Comp Way,Eugene,OR,97401,315000,2026-02-30,,,,,\n`,
    });
    expect(impossible.statusCode).toBe(400);
    expect(json(impossible).error.message).toBe('Row 2: Purchase date "2026-02-30" must be YYYY-MM-DD. Nothing was imported.');
    const imported = await call(di.token, 'POST', '/portfolio/import.csv', {
      csv: `${header}\n5 Comp Way,Eugene,OR,97401,315000,2024-05-01,252000,6.5,30,,2100\n7 Elm St,Eugene,OR,97401,"$250,000",2023-09-15,,,,,\n`,
    });
    expect(imported.statusCode).toBe(201);
    expect(json(imported).data).toEqual({ imported: 2 });
    const { properties } = json(await call(di.token, 'GET', '/portfolio')).data;
    expect(properties.map((p: { address: string }) => p.address)).toEqual(['2 COMP WAY', '5 Comp Way', '7 Elm St']);
    expect(properties[1]).toMatchObject({
      loan: { amount: 252000, ratePercent: 6.5, termYears: 30, startDate: '2024-05-01' },
      plan: { monthlyRent: 2100 },
    });
    expect(properties[2]).toMatchObject({ loan: null, purchasePrice: 250000, plan: { cashInvested: 257500 } });
    // Owned for years: an IRR to date once a month's actuals are in.
    const held = json(
      await call(di.token, 'PUT', `/portfolio/properties/${properties[1]._id}/months/${month(-1)}`, {
        rent: 2100,
        vacantDays: 0,
        expenses: 700,
      }),
    ).data;
    expect(typeof held.figures.irr).toBe('number');
    expect(typeof held.figures.projectedIrr).toBe('number');
  });

  it('keeps each month’s snapshot of the estimates, and measures this month again when it is a day old', async () => {
    const ed = await signup(t.app);
    const { _id: id, figures } = json(
      await call(ed.token, 'POST', '/portfolio/properties', {
        address: '4 Comp Way',
        city: 'Eugene',
        state: 'OR',
        zip: '97401',
        purchasePrice: 295000,
        purchaseDate: `${month(-3)}-01`,
      }),
    ).data;
    await sql`insert into portfolio_snapshots (portfolio_property_id, month, value, value_low, value_high)
      values (${id}, ${month(-2)}, 280000, 270000, 290000)`.execute(t.db);
    await sql`update portfolio_snapshots set value = 1, value_low = 1, value_high = 1 where portfolio_property_id = ${id} and month = ${month(0)}`.execute(
      t.db,
    );
    const fresh = json(await call(ed.token, 'GET', `/portfolio/properties/${id}`)).data;
    // This month's snapshot stands for a day: the history shows it, the past month's too.
    expect(fresh.figures.value.value).toBe(1);
    expect(fresh.history.find((m: { month: string }) => m.month === month(-2)).value).toBe(280000);
    await sql`update portfolio_snapshots set recorded_at = now() - interval '2 days' where portfolio_property_id = ${id} and month = ${month(0)}`.execute(
      t.db,
    );
    const measured = json(await call(ed.token, 'GET', `/portfolio/properties/${id}`)).data;
    expect(measured.figures.value).toEqual(figures.value);
    expect(measured.history.find((m: { month: string }) => m.month === month(-2)).value).toBe(280000);
  });

  it("is the user's alone: another investor and an admin find none of it and change nothing", async () => {
    const owner = await signup(t.app);
    const { _id: id } = json(
      await call(owner.token, 'POST', '/portfolio/properties', {
        address: '1 Comp Way',
        city: 'Eugene',
        state: 'OR',
        zip: '97401',
        purchasePrice: 300000,
        purchaseDate: `${month(-2)}-01`,
      }),
    ).data;
    const other = await signup(t.app);
    const admin = json(await login(t.app, ADMIN.email, ADMIN.password)).data.token as string;
    for (const token of [other.token, admin]) {
      expect((await call(token, 'GET', `/portfolio/properties/${id}`)).statusCode).toBe(404);
      expect((await call(token, 'PATCH', `/portfolio/properties/${id}`, { purchasePrice: 1 })).statusCode).toBe(404);
      expect(
        (await call(token, 'PUT', `/portfolio/properties/${id}/months/${month(-1)}`, { rent: 1, vacantDays: 0, expenses: 0 }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(token, 'POST', `/portfolio/properties/${id}/actuals.csv`, { csv: 'Month,Rent,Vacant days,Expenses\n' }))
          .statusCode,
      ).toBe(404);
      expect((await call(token, 'DELETE', `/portfolio/properties/${id}`)).statusCode).toBe(404);
      expect(json(await call(token, 'GET', '/portfolio')).data.properties).toEqual([]);
    }
    const edited = json(await call(owner.token, 'PATCH', `/portfolio/properties/${id}`, { plan: { monthlyRent: 2222 } })).data;
    expect(edited).toMatchObject({ purchasePrice: 300000, plan: { monthlyRent: 2222, vacancyPercent: 8, cashInvested: 309000 } });
    // A corrected price moves the figures that were Dealmap's for the old one (the cash in), not the investor's.
    const repriced = json(await call(owner.token, 'PATCH', `/portfolio/properties/${id}`, { purchasePrice: 320000 })).data;
    expect(repriced.plan).toMatchObject({ monthlyRent: 2222, cashInvested: 329600 });
    expect((await call(owner.token, 'GET', '/portfolio/properties/not-an-id')).statusCode).toBe(400);
    expect((await call(owner.token, 'DELETE', `/portfolio/properties/${id}`)).statusCode).toBe(204);
    expect((await call(owner.token, 'GET', `/portfolio/properties/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/portfolio' })).statusCode).toBe(401);
    // Someone else's Owned deal is not theirs to add.
    const deal = json(await call(owner.token, 'PUT', `/pipeline/properties/${listingId}`, { stage: 'owned' })).data;
    const stolen = await call(other.token, 'POST', '/portfolio/properties', {
      dealId: deal._id,
      purchasePrice: 1,
      purchaseDate: '2026-01-01',
    });
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).error.message).toBe(PORTFOLIO_MESSAGES.dealNotFound);
    // The same deal added twice at once: one is added, the other told so.
    const both = await Promise.all(
      [1, 2].map(() =>
        call(owner.token, 'POST', '/portfolio/properties', {
          dealId: deal._id,
          purchasePrice: 300000,
          purchaseDate: `${month(-2)}-01`,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(json(both.find((r) => r.statusCode === 409)!).error.message).toBe(PORTFOLIO_MESSAGES.dealAdded);
  });
});
