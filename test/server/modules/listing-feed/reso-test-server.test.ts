import { resoRecords, startResoServer, type ResoServer } from '../../../reso-server';
import { demoItem } from '../../../../src/server/modules/demo-data/generator';
import { demoResoRows } from '../../../../src/server/modules/demo-data/reso';

const CLIENT = { clientId: 'dealmap', clientSecret: 's3cret' };

let server: ResoServer;
afterEach(async () => {
  await server?.close();
});

async function tokenOf(s: ResoServer): Promise<string> {
  const res = await fetch(s.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** GET a Property query (options as [name, value] pairs, encoded here) with a token. */
async function query(s: ResoServer, token: string, options: Record<string, string | number | boolean> = {}) {
  const qs = Object.entries(options)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return get(`${s.url}/Property${qs ? `?${qs}` : ''}`, token);
}

/** A page or an OData error as the tests read it (`{}` when the body is not JSON). */
interface Answer {
  '@odata.context': string;
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
  value: Record<string, unknown>[];
  error: { code: string; message: string };
}

async function get(url: string, token: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let body: Answer;
  let json = true;
  try {
    body = JSON.parse(text) as Answer;
  } catch {
    body = {} as Answer;
    json = false;
  }
  return { status: res.status, headers: res.headers, text, body, json };
}

/** Every page of a query, following @odata.nextLink. */
async function pullAll(s: ResoServer, token: string, options: Record<string, string | number | boolean> = {}) {
  const pages: Answer[] = [];
  let page = await query(s, token, options);
  for (;;) {
    expect(page.status).toBe(200);
    pages.push(page.body);
    const next = page.body['@odata.nextLink'];
    if (!next) break;
    page = await get(next, token);
  }
  return { pages, rows: pages.flatMap((p) => p.value) };
}

const keysOf = (rows: Record<string, unknown>[]) => rows.map((r) => r.ListingKey);

describe('resoRecords', () => {
  it('is the demo feed’s first n rows (listings with their sold comps and leases), seeded and without empty fields', () => {
    const records = resoRecords(40, 3, '2025-11-20');
    expect(records).toHaveLength(40);
    expect(resoRecords(40, 3, '2025-11-20')).toEqual(records);
    const demo = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
      .flatMap((i) => demoResoRows(demoItem(3, i, '2025-11-20')))
      .slice(0, 40)
      .map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== null)));
    expect(records).toEqual(demo);
    expect(records.some((r) => r.StandardStatus === 'Active')).toBe(true);
    expect(records.some((r) => r.StandardStatus === 'Closed' && r.PropertyType === undefined)).toBe(true);
    expect(records.some((r) => r.PropertyType === 'ResidentialLease')).toBe(true);
    expect(resoRecords(40, 4, '2025-11-20')[0]).not.toEqual(records[0]);
  });
});

describe('the token endpoint', () => {
  beforeEach(async () => {
    server = await startResoServer({ ...CLIENT, tokenSeconds: 600 });
  });

  it('grants a bearer token for client credentials in the form body or by Basic auth', async () => {
    const form = await fetch(server.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'dealmap', client_secret: 's3cret' }),
    });
    expect(form.status).toBe(200);
    const answer = await form.json();
    expect(answer).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 600 });

    const basic = await fetch(server.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('dealmap:s3cret').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(basic.status).toBe(200);
    const token = ((await basic.json()) as { access_token: string }).access_token;
    expect((await query(server, token)).status).toBe(200);
  });

  it('refuses a wrong secret (401 invalid_client) and another grant type (400)', async () => {
    const wrong = await fetch(server.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'dealmap', client_secret: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await fetch(server.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', client_id: 'dealmap', client_secret: 's3cret' }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers 401 with an OData error for a missing, unknown or expired token', async () => {
    const none = await fetch(`${server.url}/Property`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { code: 'Unauthorized', message: expect.stringMatching(/Bearer/) } });
    const unknown = await query(server, 'not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toMatch(/not valid/);
    expect(unknown.headers.get('www-authenticate')).toMatch(/invalid_token/);

    await server.close();
    server = await startResoServer({ ...CLIENT, tokenSeconds: 0.2 });
    const token = await tokenOf(server);
    expect((await query(server, token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const expired = await query(server, token);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/expired/);
  });
});

describe('Property pages', () => {
  let token: string;
  beforeEach(async () => {
    server = await startResoServer({ ...CLIENT, pageSize: 4 });
    token = await tokenOf(server);
  });

  it('serves the records in (ModificationTimestamp, ListingKey) order, pageSize at a time, linked by @odata.nextLink', async () => {
    const stored = server.upsert(resoRecords(10, 1));
    const { pages, rows } = await pullAll(server, token, { $orderby: 'ModificationTimestamp,ListingKey', $count: true });
    expect(pages.map((p) => p.value.length)).toEqual([4, 4, 2]);
    expect(pages.every((p) => p['@odata.count'] === 10)).toBe(true);
    expect(pages[0]['@odata.context']).toBe(`${server.url}/$metadata#Property`);
    expect(pages[2]['@odata.nextLink']).toBeUndefined();
    expect(rows).toEqual(stored);
    expect(rows).toEqual(server.records());
    const stamps = rows.map((r) => Date.parse(r.ModificationTimestamp as string));
    expect(stamps.every((t, i) => i === 0 || t > stamps[i - 1])).toBe(true);
  });

  it('keeps $filter, $select and $top in the next link, $top capped by the page size', async () => {
    server.upsert(resoRecords(12, 1));
    const active = server.records().filter((r) => r.StandardStatus === 'Active');
    const { pages, rows } = await pullAll(server, token, {
      $filter: "StandardStatus eq 'Active'",
      $select: 'ListingKey,ListPrice,City',
      $top: 2,
    });
    expect(pages.every((p) => p.value.length <= 2)).toBe(true);
    expect(rows).toEqual(active.map((r) => ({ ListingKey: r.ListingKey, ListPrice: r.ListPrice, City: r.City })));
    expect(pages[0]['@odata.context']).toBe(`${server.url}/$metadata#Property(ListingKey,ListPrice,City)`);

    const capped = await query(server, token, { $top: 50 });
    expect(capped.body.value).toHaveLength(4);
    expect(capped.body['@odata.nextLink']).toEqual(expect.any(String));
  });

  it('answers every $selected field, null when a record lacks it, and no other', async () => {
    server.upsert([
      { ListingKey: 'A', City: 'Austin', ListPrice: 1 },
      { ListingKey: 'B', City: 'Boise', ListPrice: 2, PublicRemarks: 'Cute' },
    ]);
    const all = await query(server, token, {
      $select: 'ListingKey,ModificationTimestamp,City,ListPrice,PublicRemarks,CloseDate',
    });
    expect(all.body.value).toEqual([
      {
        ListingKey: 'A',
        ModificationTimestamp: expect.any(String),
        City: 'Austin',
        ListPrice: 1,
        PublicRemarks: null,
        CloseDate: null,
      },
      {
        ListingKey: 'B',
        ModificationTimestamp: expect.any(String),
        City: 'Boise',
        ListPrice: 2,
        PublicRemarks: 'Cute',
        CloseDate: null,
      },
    ]);
    const some = await query(server, token, { $select: 'ListingKey,PublicRemarks' });
    expect(some.body.value).toEqual([
      { ListingKey: 'A', PublicRemarks: null },
      { ListingKey: 'B', PublicRemarks: 'Cute' },
    ]);
  });

  it('pages with $skip and no links when nextLink is off', async () => {
    await server.close();
    server = await startResoServer({ ...CLIENT, pageSize: 3, nextLink: false });
    token = await tokenOf(server);
    server.upsert(resoRecords(8, 2));
    const rows: Record<string, unknown>[] = [];
    for (let skip = 0; ; skip += 3) {
      const page = await query(server, token, { $orderby: 'ModificationTimestamp,ListingKey', $top: 3, $skip: skip });
      expect(page.body['@odata.nextLink']).toBeUndefined();
      if (page.body.value.length === 0) break;
      rows.push(...page.body.value);
    }
    expect(rows).toEqual(server.records());
    expect(server.requests.filter((r) => r.path.endsWith('/Property')).map((r) => r.query.skip)).toEqual([0, 3, 6, 9]);
  });

  it('resumes exactly after a (ModificationTimestamp, ListingKey) cursor, ties on the timestamp included', async () => {
    const at = '2026-03-01T12:00:00.000Z';
    server.upsert([
      { ListingKey: 'A', ModificationTimestamp: '2026-03-01T11:00:00.000Z', City: 'Austin' },
      { ListingKey: 'C', ModificationTimestamp: at, City: 'Austin' },
      { ListingKey: 'B', ModificationTimestamp: at, City: 'Dallas' },
      { ListingKey: 'D', ModificationTimestamp: at, City: 'Austin' },
      { ListingKey: 'E', ModificationTimestamp: '2026-03-01T12:00:00.001Z', City: 'Austin' },
    ]);
    expect(keysOf(server.records())).toEqual(['A', 'B', 'C', 'D', 'E']);
    const cursor = `(ModificationTimestamp gt ${at} or (ModificationTimestamp eq ${at} and ListingKey gt 'B'))`;
    const { rows } = await pullAll(server, token, { $filter: cursor, $orderby: 'ModificationTimestamp,ListingKey' });
    expect(keysOf(rows)).toEqual(['C', 'D', 'E']);
    const swapped = `(ListingKey gt 'C' and ModificationTimestamp eq ${at}) or ModificationTimestamp gt ${at}`;
    expect(keysOf((await pullAll(server, token, { $filter: swapped })).rows)).toEqual(['D', 'E']);
    const withCity = `${cursor} and City eq 'Austin'`;
    expect(keysOf((await pullAll(server, token, { $filter: withCity, $count: true })).rows)).toEqual(['C', 'D', 'E']);
    expect(keysOf((await pullAll(server, token, { $filter: `ModificationTimestamp gt ${at}` })).rows)).toEqual(['E']);
    expect(keysOf((await pullAll(server, token, { $filter: `ModificationTimestamp ge ${at}` })).rows)).toEqual([
      'B',
      'C',
      'D',
      'E',
    ]);
  });

  it('orders timestamps written with 7 fraction digits to their last digit', async () => {
    server.upsert([
      { ListingKey: 'A', ModificationTimestamp: '2026-03-01T12:00:00.1234568Z' },
      { ListingKey: 'B', ModificationTimestamp: '2026-03-01T12:00:00.1234567Z' },
      { ListingKey: 'C', ModificationTimestamp: '2026-03-01T12:00:00.1234568Z' },
    ]);
    expect(keysOf(server.records())).toEqual(['B', 'A', 'C']);
    const at = '2026-03-01T12:00:00.1234567Z';
    expect(keysOf((await pullAll(server, token, { $filter: `ModificationTimestamp gt ${at}` })).rows)).toEqual(['A', 'C']);
    const cursor = `ModificationTimestamp gt 2026-03-01T12:00:00.1234568Z or (ModificationTimestamp eq 2026-03-01T12:00:00.1234568Z and ListingKey gt 'A')`;
    expect(keysOf((await pullAll(server, token, { $filter: cursor })).rows)).toEqual(['C']);
    const { pages } = await pullAll(server, token, { $top: 1 });
    expect(pages.map((p) => keysOf(p.value))).toEqual([['B'], ['A'], ['C']]);
  });

  it('sorts by other $orderby fields, paging them with $skip links', async () => {
    server.upsert([
      { ListingKey: 'A', ListPrice: 300 },
      { ListingKey: 'B', ListPrice: 100 },
      { ListingKey: 'C' },
      { ListingKey: 'D', ListPrice: 200 },
      { ListingKey: 'E', ListPrice: 500 },
    ]);
    const { pages, rows } = await pullAll(server, token, { $orderby: 'ListPrice desc' });
    expect(keysOf(rows)).toEqual(['E', 'A', 'D', 'B', 'C']);
    expect(pages[0]['@odata.nextLink']).toMatch(/\$skip=4/);
    expect(keysOf((await pullAll(server, token, { $orderby: 'ListPrice' })).rows)).toEqual(['C', 'B', 'D', 'A', 'E']);
  });

  it('merges an upsert into the stored record with a later timestamp, so only changed rows come after the cursor', async () => {
    server.upsert(resoRecords(6, 1));
    const before = server.records();
    const last = before[before.length - 1].ModificationTimestamp as string;
    const cut = before.find((r) => r.StandardStatus === 'Active')!;
    const [changed] = server.upsert([{ ListingKey: cut.ListingKey, ListPrice: (cut.ListPrice as number) - 10_000 }]);
    expect(changed).toEqual({ ...cut, ListPrice: (cut.ListPrice as number) - 10_000, ModificationTimestamp: expect.any(String) });
    expect(Date.parse(changed.ModificationTimestamp as string)).toBeGreaterThan(Date.parse(last));
    const { rows } = await pullAll(server, token, { $filter: `ModificationTimestamp gt ${last}` });
    expect(rows).toEqual([changed]);
    expect(server.records()).toHaveLength(6);
    expect(server.records()[5]).toEqual(changed);
  });

  it('removes a listing as a deleted record, or without a trace', async () => {
    server.upsert(resoRecords(5, 1));
    const [first, second] = server.records();
    const last = server.records()[4].ModificationTimestamp as string;
    server.remove([first.ListingKey as string]);
    const { rows } = await pullAll(server, token, { $filter: `ModificationTimestamp gt ${last}` });
    expect(rows).toEqual([{ ...first, StandardStatus: 'Delete', ModificationTimestamp: expect.any(String) }]);
    server.remove([second.ListingKey as string], { vanish: true });
    expect(keysOf(server.records())).not.toContain(second.ListingKey);
    expect(server.records()).toHaveLength(4);
    expect(() => server.remove(['nope'])).toThrow(/no record nope/);
  });

  it('refuses a record without a ListingKey or with an unreadable ModificationTimestamp', () => {
    expect(() => server.upsert([{ City: 'Austin' }])).toThrow(/ListingKey/);
    expect(() => server.upsert([{ ListingKey: 'A', ModificationTimestamp: 'yesterday' }])).toThrow(/ModificationTimestamp/);
  });

  it('logs each request with its parsed options, status and rows', async () => {
    server.upsert(resoRecords(3, 1));
    await query(server, token, { $filter: "City eq 'Austin'", $top: 2, $skip: 1, $select: 'ListingKey', $count: true });
    expect(server.requests).toEqual([
      { method: 'POST', path: '/oauth2/token', query: {}, status: 200 },
      {
        method: 'GET',
        path: '/reso/odata/Property',
        query: { filter: "City eq 'Austin'", top: 2, skip: 1, select: ['ListingKey'], count: true },
        status: 200,
        rows: expect.any(Number),
      },
    ]);
  });

  it('answers the service document and a CSDL $metadata', async () => {
    const doc = await get(server.url, token);
    expect(doc.body.value).toEqual([{ name: 'Property', kind: 'EntitySet', url: 'Property' }]);
    const metadata = await get(`${server.url}/$metadata`, token);
    expect(metadata.status).toBe(200);
    expect(metadata.text).toContain('<Property Name="ModificationTimestamp" Type="Edm.DateTimeOffset"/>');
  });
});

describe('$filter', () => {
  let token: string;
  beforeEach(async () => {
    server = await startResoServer({ ...CLIENT, pageSize: 100 });
    token = await tokenOf(server);
    server.upsert([
      { ListingKey: 'A', City: 'Austin', StandardStatus: 'Active', ListPrice: 100_000, CloseDate: null, BedroomsTotal: 3 },
      { ListingKey: 'B', City: 'Boise', StandardStatus: 'Closed', ListPrice: 200_000, CloseDate: '2025-06-01', BedroomsTotal: 2 },
      { ListingKey: 'C', City: "Coeur d'Alene", StandardStatus: 'Active', ListPrice: 300_000, BedroomsTotal: 4 },
      { ListingKey: 'D', City: 'Austin', StandardStatus: 'Withdrawn', ListPrice: 250_000, CloseDate: '2025-07-15' },
    ]);
  });

  const cases: [string, string[]][] = [
    ["StandardStatus eq 'Active'", ['A', 'C']],
    ["StandardStatus ne 'Active'", ['B', 'D']],
    ["StandardStatus eq 'Active' and City eq 'Austin'", ['A']],
    ["StandardStatus eq 'Active' and (City eq 'Austin' or City eq 'Boise')", ['A']],
    ["(City eq 'Austin' or City eq 'Boise') and ListPrice ge 200000", ['B', 'D']],
    ["City eq 'Coeur d''Alene'", ['C']],
    ['ListPrice gt 100000 and ListPrice lt 300000', ['B', 'D']],
    ['ListPrice le 200000', ['A', 'B']],
    ['200000 lt ListPrice', ['C', 'D']],
    ["City in ('Boise', 'Austin')", ['A', 'B', 'D']],
    ["not (City eq 'Austin')", ['B', 'C']],
    ['CloseDate eq null', ['A', 'C']],
    ['CloseDate ne null', ['B', 'D']],
    ['CloseDate gt 2025-07-01', ['D']],
    ['BedroomsTotal ge 3', ['A', 'C']],
    ["ModificationTimestamp gt 2000-01-01T00:00:00Z and StandardStatus eq 'Closed'", ['B']],
    ["ModificationTimestamp gt 2000-01-01T00:00:00.1234567+02:00 or StandardStatus eq 'Closed'", ['A', 'B', 'C', 'D']],
  ];
  it.each(cases)('%s', async (filter, keys) => {
    const page = await query(server, token, { $filter: filter });
    expect(page.status).toBe(200);
    expect(keysOf(page.body.value)).toEqual(keys);
  });

  it('counts the matches, whatever $top and $skip', async () => {
    const page = await query(server, token, { $filter: "City eq 'Austin' or City eq 'Boise'", $count: true, $top: 1, $skip: 1 });
    expect(page.body['@odata.count']).toBe(3);
    expect(keysOf(page.body.value)).toEqual(['B']);
  });

  const refused: [string, RegExp][] = [
    ["contains(City, 'Aus')", /function 'contains'/],
    ['ListPrice add 5 gt 10', /operator 'add'/],
    ['ListPrice eq OriginalListPrice', /two fields/],
    ["ModificationTimestamp gt '2025-01-01T00:00:00Z'", /incompatible types.*Edm.DateTimeOffset.*Edm.String/],
    ["ListPrice eq '100000'", /incompatible types/],
    ["Colour eq 'red'", /property named 'Colour'/],
    ["City eq 'Austin", /unterminated/],
    ["(City eq 'Austin'", /'\)' expected/],
    ["City eq 'Austin' City", /unexpected/],
    ['City eq', /field or a literal expected/],
    ['ModificationTimestamp gt 2025-13-45T00:00:00Z', /not a valid date/],
    ["City eq 'A' & City eq 'B'", /unexpected '&/],
  ];
  it.each(refused)('answers 400 for %s', async (filter, message) => {
    const page = await query(server, token, { $filter: filter });
    expect(page.status).toBe(400);
    expect(page.body).toEqual({ error: { code: 'BadRequest', message: expect.stringMatching(message) } });
  });

  it('answers 400 for an unknown $select field, a bad $top or $orderby, and an unsupported option', async () => {
    expect((await query(server, token, { $select: 'ListingKey,Colour' })).body.error.message).toMatch(/Colour/);
    expect((await query(server, token, { $top: -1 })).status).toBe(400);
    expect((await query(server, token, { $orderby: 'ListPrice sideways' })).status).toBe(400);
    expect((await query(server, token, { $expand: 'Media' })).body.error.message).toMatch(/\$expand.*not supported/);
    expect((await query(server, token, { $skiptoken: 'bogus' })).status).toBe(400);
  });
});

describe('faults', () => {
  let token: string;
  beforeEach(async () => {
    server = await startResoServer({ ...CLIENT, pageSize: 4 });
    token = await tokenOf(server);
    server.upsert(resoRecords(8, 1));
  });

  it('answers queued statuses in order, with Retry-After, then serves again', async () => {
    server.fault({ kind: 'status', status: 429, retryAfter: 2 });
    server.fault({ kind: 'status', status: 503, retryAfter: 'Wed, 21 Oct 2099 07:28:00 GMT' });
    server.fault({ kind: 'status', status: 500 }, 2);
    const first = await query(server, token);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.body.error.code).toBe('TooManyRequests');
    const second = await query(server, token);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('Wed, 21 Oct 2099 07:28:00 GMT');
    expect((await query(server, token)).status).toBe(500);
    const fourth = await query(server, token);
    expect(fourth.status).toBe(500);
    expect(fourth.headers.get('retry-after')).toBeNull();
    expect((await query(server, token)).status).toBe(200);
    expect(server.requests.slice(1).map((r) => [r.status, r.fault])).toEqual([
      [429, 'status'],
      [503, 'status'],
      [500, 'status'],
      [500, 'status'],
      [200, undefined],
    ]);
  });

  it('spends no fault on a request refused for its token or its query', async () => {
    server.fault({ kind: 'status', status: 500 });
    expect((await query(server, 'wrong')).status).toBe(401);
    expect((await query(server, token, { $filter: 'nonsense' })).status).toBe(400);
    expect((await query(server, token)).status).toBe(500);
  });

  it('sends a malformed page: a 200 whose body is not JSON', async () => {
    server.fault({ kind: 'malformed' });
    const page = await query(server, token);
    expect(page.status).toBe(200);
    expect(page.json).toBe(false);
    expect(page.text.startsWith('{"@odata.context"')).toBe(true);
    expect((await query(server, token)).body.value).toHaveLength(4);
  });

  it('expires the presented token: 401 from now on, a new token works', async () => {
    server.fault({ kind: 'expire-token' });
    const page = await query(server, token);
    expect(page.status).toBe(401);
    expect(page.body.error.message).toMatch(/expired/);
    expect((await query(server, token)).status).toBe(401);
    expect((await query(server, await tokenOf(server))).status).toBe(200);
  });

  it('drops the connection halfway through a page', async () => {
    server.fault({ kind: 'drop' });
    await expect(query(server, token)).rejects.toThrow();
    expect(server.requests[1]).toMatchObject({ status: 200, fault: 'drop', rows: 4 });
    expect((await query(server, token)).body.value).toHaveLength(4);
  });

  it('stalls a request: late by ms, or until the client gives up', async () => {
    server.fault({ kind: 'stall', ms: 150 });
    const started = Date.now();
    expect((await query(server, token)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    server.fault({ kind: 'stall' });
    await expect(
      fetch(`${server.url}/Property`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect((await query(server, token)).status).toBe(200);
  });
});

describe('a large feed', () => {
  it('replicates 100,000 records page by page after a cursor, each page a binary search and a slice', async () => {
    server = await startResoServer({ ...CLIENT, pageSize: 1000 });
    const token = await tokenOf(server);
    const records = Array.from({ length: 100_000 }, (_, i) => ({
      ListingKey: `K${String(i).padStart(6, '0')}`,
      StandardStatus: 'Active',
      ListPrice: 100_000 + i,
      // A thousand records share each timestamp, so the cursor's ListingKey tie-break is exercised.
      ModificationTimestamp: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 1000) * 1000).toISOString(),
    }));
    server.upsert(records);
    const started = Date.now();
    let cursor: { ts: string; key: string } | null = null;
    let seen = 0;
    let pages = 0;
    for (;;) {
      const filter: string | undefined = cursor
        ? `ModificationTimestamp gt ${cursor.ts} or (ModificationTimestamp eq ${cursor.ts} and ListingKey gt '${cursor.key}')`
        : undefined;
      const page = await query(server, token, {
        ...(filter ? { $filter: filter } : {}),
        $orderby: 'ModificationTimestamp,ListingKey',
        $top: 1000,
      });
      const rows = page.body.value;
      if (rows.length === 0) break;
      expect(rows[0].ListingKey).toBe(records[seen].ListingKey);
      seen += rows.length;
      pages++;
      const last = rows[rows.length - 1];
      cursor = { ts: last.ModificationTimestamp as string, key: last.ListingKey as string };
    }
    expect(seen).toBe(100_000);
    expect(pages).toBe(100);
    // Generous: the point is that no page scans the feed (it takes well under a second here).
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);
});
