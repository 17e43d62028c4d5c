import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { adminSession, sessionAs, type Client } from '../admin/admin-fixtures';
import { sql } from 'kysely';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '../../../../src/server/modules/contacts/messages';

const API = '/api/v1/auth/contacts';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000999';

interface Listing {
  id: string;
  address: string;
  listPrice: number;
}

/** Three listings with distinct addresses; `zip` keeps each suite's apart. */
async function insertListings(t: TestApp): Promise<Listing[]> {
  const rows = await sql<{ id: string }>`
    insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude) values
      ('C-1', 410000, '12 OAK HOLLOW DR', 'AUSTIN', 'TX', '78704', 30.25, -97.76),
      ('C-2', 275000, '900 ELM ST', 'ROUND ROCK', 'TX', '78664', 30.51, -97.68),
      ('C-3', 199500, '45 OAKWOOD LN', 'DALLAS', 'TX', '75201', 32.78, -96.80)
    returning id::text as id`.execute(t.db);
  return [
    { id: rows.rows[0].id, address: '12 Oak Hollow Dr, Austin, TX 78704', listPrice: 410000 },
    { id: rows.rows[1].id, address: '900 Elm St, Round Rock, TX 78664', listPrice: 275000 },
    { id: rows.rows[2].id, address: '45 Oakwood Ln, Dallas, TX 75201', listPrice: 199500 },
  ];
}

describe.each(DATABASES)('contacts API on $name', (database) => {
  let t: TestApp;
  let admin: { token: string; api: Client };
  let listings: Listing[];
  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await adminSession(t.app);
    listings = await insertListings(t);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const agent = async () => (await sessionAs(t.app, admin.api, 'Agent')).token;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const input = (overrides: Record<string, unknown> = {}) => ({
    name: 'Maria Lopez',
    email: 'maria@example.com',
    phone: '(512) 555-0100',
    notes: 'Looking for a duplex near campus',
    propertyIds: [] as string[],
    ...overrides,
  });
  const create = async (token: string, overrides: Record<string, unknown> = {}) => {
    const r = await call('POST', '', token, input(overrides));
    if (r.statusCode !== 201) throw new Error(`create contact failed: ${r.statusCode} ${r.body}`);
    return json(r).data as { _id: string; name: string; properties: Array<{ _id: string }>; updatedAt: string };
  };

  const ROUTES = [
    ['GET', ''],
    ['GET', '/property-options?q=oak'],
    ['GET', `/${UNKNOWN_ID}`],
    ['POST', ''],
    ['PUT', `/${UNKNOWN_ID}`],
    ['DELETE', `/${UNKNOWN_ID}`],
  ] as const;

  it('every call answers 401 signed out, and 403 "Contacts are for agents" to an Investor or an Admin (before any validation)', async () => {
    const investor = (await signup(t.app)).token;
    for (const [method, url] of ROUTES) {
      const payload = method === 'POST' || method === 'PUT' ? { name: '' } : undefined;
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      for (const token of [investor, admin.token]) {
        const r = await call(method, url, token, payload);
        expect(r.statusCode).toBe(403);
        expect(json(r).error).toMatchObject({ code: 'FORBIDDEN', message: CONTACT_MESSAGES.agentsOnly });
      }
    }
  });

  it('POST creates a contact (trimmed) with its linked properties; GET /:id reads it back', async () => {
    const token = await agent();
    const r = await call(
      'POST',
      '',
      token,
      input({
        name: '  Maria Lopez ',
        email: ' maria@example.com ',
        propertyIds: [listings[1].id, listings[0].id.toUpperCase(), listings[1].id],
      }),
    );
    expect(r.statusCode).toBe(201);
    const contact = json(r).data;
    expect(contact).toMatchObject({
      name: 'Maria Lopez',
      email: 'maria@example.com',
      phone: '(512) 555-0100',
      notes: 'Looking for a duplex near campus',
      // Repeats dropped, in address order.
      properties: [
        { _id: listings[0].id, address: listings[0].address, listPrice: listings[0].listPrice },
        { _id: listings[1].id, address: listings[1].address, listPrice: listings[1].listPrice },
      ],
    });
    expect(Date.parse(contact.createdAt)).not.toBeNaN();
    expect(json(await call('GET', `/${contact._id}`, token)).data).toEqual(contact);
  });

  it('optional fields may be empty or left out', async () => {
    const token = await agent();
    const r = await call('POST', '', token, { name: 'Just a name' });
    expect(r.statusCode).toBe(201);
    expect(json(r).data).toMatchObject({ name: 'Just a name', email: '', phone: '', notes: '', properties: [] });
  });

  it('GET lists only the agent’s own contacts, sorted by name, and searches name, email, phone and notes', async () => {
    const token = await agent();
    const other = await agent();
    await create(token, { name: 'zoe Park', email: 'zoe@parkhomes.com', phone: '', notes: '' });
    await create(token, { name: 'Adam Reyes', email: '', phone: '+1 737 555 2211', notes: 'Wants 50%_off deals' });
    await create(token, { name: 'bella Chu', email: 'bella@example.com', phone: '', notes: 'Prefers OAK floors' });
    await create(other, { name: 'Aaron Not Mine', email: 'aaron@example.com' });

    const names = async (q?: string) =>
      json(await call('GET', q === undefined ? '' : `?q=${encodeURIComponent(q)}`, token)).data.map(
        (c: { name: string }) => c.name,
      );
    expect(await names()).toEqual(['Adam Reyes', 'bella Chu', 'zoe Park']);
    expect(await names('')).toEqual(['Adam Reyes', 'bella Chu', 'zoe Park']);
    expect(await names('ZOE')).toEqual(['zoe Park']);
    expect(await names('parkhomes')).toEqual(['zoe Park']);
    expect(await names('oak')).toEqual(['bella Chu']);
    expect(await names('737 555')).toEqual(['Adam Reyes']);
    expect(await names('7375552211')).toEqual(['Adam Reyes']);
    // LIKE wildcards in q are plain characters.
    expect(await names('50%_')).toEqual(['Adam Reyes']);
    expect(await names('%')).toEqual(['Adam Reyes']);
    expect(await names('aaron')).toEqual([]);
  });

  it('PUT replaces the fields and the property links together', async () => {
    const token = await agent();
    const contact = await create(token, { propertyIds: [listings[0].id, listings[1].id] });
    const r = await call(
      'PUT',
      `/${contact._id}`,
      token,
      input({ name: 'Maria L.', phone: '', notes: '', propertyIds: [listings[2].id] }),
    );
    expect(r.statusCode).toBe(200);
    expect(json(r).data).toMatchObject({
      _id: contact._id,
      name: 'Maria L.',
      phone: '',
      notes: '',
      properties: [{ _id: listings[2].id, address: listings[2].address, listPrice: listings[2].listPrice }],
    });
    expect(Date.parse(json(r).data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(contact.updatedAt));
    const cleared = await call('PUT', `/${contact._id}`, token, input({ propertyIds: [] }));
    expect(json(cleared).data.properties).toEqual([]);
  });

  it('an unknown property id is 400 naming it, and nothing is written', async () => {
    const token = await agent();
    const created = await call('POST', '', token, input({ name: 'Nobody', propertyIds: [listings[0].id, UNKNOWN_ID] }));
    expect(created.statusCode).toBe(400);
    expect(json(created).error).toMatchObject({
      message: CONTACT_MESSAGES.unknownProperties([UNKNOWN_ID]),
      fields: { propertyIds: CONTACT_MESSAGES.unknownProperties([UNKNOWN_ID]) },
    });
    expect(json(await call('GET', '', token)).data).toEqual([]);

    const contact = await create(token, { name: 'Kept', propertyIds: [listings[0].id] });
    const updated = await call('PUT', `/${contact._id}`, token, input({ name: 'Changed', propertyIds: [UNKNOWN_ID] }));
    expect(updated.statusCode).toBe(400);
    const after = json(await call('GET', `/${contact._id}`, token)).data;
    expect(after.name).toBe('Kept');
    expect(after.properties.map((p: { _id: string }) => p._id)).toEqual([listings[0].id]);
  });

  it.each([
    ['a blank name', { name: '  ' }, { name: CONTACT_MESSAGES.nameRequired }],
    ['a long name', { name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, { name: CONTACT_MESSAGES.nameTooLong }],
    ['a malformed email', { email: 'maria@' }, { email: CONTACT_MESSAGES.badEmail }],
    ['a phone with letters', { phone: '555-CALL-NOW' }, { phone: CONTACT_MESSAGES.badPhone }],
    ['a short phone', { phone: '555 12' }, { phone: CONTACT_MESSAGES.badPhone }],
    ['a long phone', { phone: '1'.repeat(CONTACT_LIMITS.phoneMax + 1) }, { phone: CONTACT_MESSAGES.badPhone }],
    ['long notes', { notes: 'n'.repeat(CONTACT_LIMITS.notes + 1) }, { notes: CONTACT_MESSAGES.notesTooLong }],
    ['a malformed property id', { propertyIds: ['abc'] }, { propertyIds: CONTACT_MESSAGES.badPropertyId('abc') }],
    [
      'too many properties',
      {
        propertyIds: Array.from(
          { length: CONTACT_LIMITS.properties + 1 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      },
      { propertyIds: CONTACT_MESSAGES.tooManyProperties },
    ],
    [
      'several problems at once',
      { name: '', email: 'x', phone: 'y' },
      { name: CONTACT_MESSAGES.nameRequired, email: CONTACT_MESSAGES.badEmail, phone: CONTACT_MESSAGES.badPhone },
    ],
    [
      'fields that are not text',
      { name: { first: 'M' }, email: { address: 'm@x.co' } },
      { name: 'Name must be a string', email: 'Invalid email address' },
    ],
  ])('POST and PUT answer 400 for %s', async (_name, overrides, fields) => {
    const token = await agent();
    const contact = await create(token, { name: 'Unchanged' });
    for (const r of [
      await call('POST', '', token, input(overrides)),
      await call('PUT', `/${contact._id}`, token, input(overrides)),
    ]) {
      expect(r.statusCode).toBe(400);
      expect(json(r).error.fields).toEqual(fields);
    }
    expect(json(await call('GET', '', token)).data.map((c: { name: string }) => c.name)).toEqual(['Unchanged']);
  });

  it('DELETE removes the contact and its links (204); the properties stay', async () => {
    const token = await agent();
    const contact = await create(token, { propertyIds: [listings[0].id] });
    const r = await call('DELETE', `/${contact._id}`, token);
    expect(r.statusCode).toBe(204);
    expect((await call('GET', `/${contact._id}`, token)).statusCode).toBe(404);
    expect((await call('DELETE', `/${contact._id}`, token)).statusCode).toBe(404);
    const links = await sql<{
      n: number;
    }>`select count(*)::int as n from contact_properties where contact_id = ${contact._id}::uuid`.execute(t.db);
    expect(links.rows[0].n).toBe(0);
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from properties where id = ${listings[0].id}::uuid`.execute(t.db))
        .rows[0].n,
    ).toBe(1);
  });

  it('another agent never reads, changes or deletes a contact: 404 like an unknown id', async () => {
    const owner = await agent();
    const other = await agent();
    const contact = await create(owner, { name: 'Owned', propertyIds: [listings[0].id] });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', input({ name: 'Taken over' })],
      ['DELETE', undefined],
    ] as const) {
      for (const id of [contact._id, UNKNOWN_ID]) {
        const r = await call(method, `/${id}`, other, payload);
        expect(r.statusCode).toBe(404);
        expect(json(r).error.message).toBe(CONTACT_MESSAGES.notFound);
      }
    }
    expect(json(await call('GET', `/${contact._id}`, owner)).data).toEqual(
      json(await call('GET', '', owner)).data.find((c: { _id: string }) => c._id === contact._id),
    );
    expect(json(await call('GET', `/${contact._id}`, owner)).data.name).toBe('Owned');
  });

  it('a malformed id is 400 on GET, PUT and DELETE', async () => {
    const token = await agent();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await call(method, '/not-an-id', token, method === 'PUT' ? input() : undefined);
      expect(r.statusCode).toBe(400);
      expect(json(r).error.message).toBe(CONTACT_MESSAGES.badId);
    }
  });

  it('GET /property-options finds properties by street, city or ZIP (case-insensitive), in address order', async () => {
    const token = await agent();
    const options = async (q: string) => {
      const r = await call('GET', `/property-options?q=${encodeURIComponent(q)}`, token);
      expect(r.statusCode).toBe(200);
      return json(r).data as Array<{ _id: string; address: string; listPrice: number }>;
    };
    expect(await options('oak')).toEqual([
      { _id: listings[0].id, address: listings[0].address, listPrice: listings[0].listPrice },
      { _id: listings[2].id, address: listings[2].address, listPrice: listings[2].listPrice },
    ]);
    expect((await options('round rock')).map((o) => o._id)).toEqual([listings[1].id]);
    expect((await options(' 75201 ')).map((o) => o._id)).toEqual([listings[2].id]);
    expect((await options('Elm St, Round Rock, TX')).map((o) => o._id)).toEqual([listings[1].id]);
    expect(await options('no such street')).toEqual([]);
  });

  it(`GET /property-options answers at most ${CONTACT_LIMITS.options}`, async () => {
    const token = await agent();
    await sql`
      insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
      select 'MANY-' || n, 100000 + n, n || ' QUAIL RUN', 'PLANO', 'TX', '75093', 33.0, -96.7 from generate_series(1, 25) as n`.execute(
      t.db,
    );
    const r = await call('GET', '/property-options?q=quail', token);
    expect(json(r).data).toHaveLength(CONTACT_LIMITS.options);
  });

  it.each([
    ['no q', ''],
    ['one character', '?q=a'],
    ['blank', '?q=%20%20%20'],
  ])('GET /property-options answers 400 for %s', async (_name, query) => {
    const token = await agent();
    const r = await call('GET', `/property-options${query}`, token);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.message).toBe(CONTACT_MESSAGES.queryTooShort);
  });

  it('contacts and their links go with their agent (an admin deletes the agent) and links with their property', async () => {
    const { user, token } = await sessionAs(t.app, admin.api, 'Agent');
    const doomed = (
      await sql<{ id: string }>`
        insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
        values ('C-DOOMED', 123000, '1 GONE WAY', 'AUSTIN', 'TX', '78701', 30.2, -97.7) returning id::text as id`.execute(t.db)
    ).rows[0].id;
    const contact = await create(token, { propertyIds: [doomed, listings[0].id] });
    await sql`delete from properties where id = ${doomed}::uuid`.execute(t.db);
    expect(json(await call('GET', `/${contact._id}`, token)).data.properties.map((p: { _id: string }) => p._id)).toEqual([
      listings[0].id,
    ]);

    expect((await admin.api.delete(`/user/${user._id}`)).statusCode).toBe(204);
    const left = await sql<{ n: number }>`select count(*)::int as n from contacts where agent_id = ${user._id}::uuid`.execute(
      t.db,
    );
    expect(left.rows[0].n).toBe(0);
  });

  it(`POST answers 409 once an agent holds ${CONTACT_LIMITS.contacts.toLocaleString('en-US')} contacts`, async () => {
    const { user, token } = await sessionAs(t.app, admin.api, 'Agent');
    await sql`
      insert into contacts (agent_id, name) select ${user._id}::uuid, 'Bulk ' || n from generate_series(1, ${CONTACT_LIMITS.contacts - 1}) as n`.execute(
      t.db,
    );
    expect((await call('POST', '', token, input())).statusCode).toBe(201);
    const r = await call('POST', '', token, input({ name: 'One too many' }));
    expect(r.statusCode).toBe(409);
    expect(json(r).error.message).toBe(CONTACT_MESSAGES.limit);
  });
});
