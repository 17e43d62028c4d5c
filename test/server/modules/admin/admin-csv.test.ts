import { DATABASES, SETUP_TIMEOUT, createTestApp, json, type TestApp } from '../../helpers';
import { adminSession, createUser, signIn, unique, waitForImport, type Client } from './admin-fixtures';
import { csvCell, parseCsv, unguardCell, writeCsv } from '../../../../src/server/lib/csv';
import type { ImportRow } from '../../../../src/shared/schemas/admin';

describe('CSV reader and writer', () => {
  it('reads quotes, doubled quotes, commas and line breaks in quoted fields, CRLF, a BOM', () => {
    const text = '\uFEFFname,description\r\n"Smith, Jones","He said ""hi""\r\nthen left"\r\nplain,\n"",last\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'description'],
      ['Smith, Jones', 'He said "hi"\r\nthen left'],
      ['plain', ''],
      ['', 'last'],
    ]);
  });

  it('skips blank lines, reads a last line without a line end, keeps stray quotes as text', () => {
    expect(parseCsv('a,b\n\n1,2\r\n\r\n3,x"y"')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', 'x"y"'],
    ]);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('a\n"open,\nmore')).toThrow('A quoted field that starts on line 2 is never closed');
  });

  it('quotes what needs quoting and guards formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "x"')).toBe('"say ""x"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const start of ['+', '-', '@']) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('guards the full-width formula characters and tab / CR starts too, and undoes it on import', () => {
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\t', '\r']) {
      const cell = csvCell(`${start}1`);
      expect(cell.replace(/^"|"$/g, '').startsWith(`'${start}`)).toBe(true);
      expect(unguardCell(parseCsv(`a\r\n${cell}\r\n`)[1][0])).toBe(`${start}1`);
    }
    // An apostrophe the user typed stays.
    expect(unguardCell("'quoted")).toBe("'quoted");
  });

  it('round-trips what it writes', () => {
    const rows = [
      ['Smith, Jones', 'He said "hi"\r\nthen left', '=1+2'],
      ['', ' padded ', '-minus'],
    ];
    const text = writeCsv(['a', 'b', 'c'], rows);
    expect(text.startsWith('\uFEFFa,b,c\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(
      parseCsv(text)
        .slice(1)
        .map((row) => row.map(unguardCell)),
    ).toEqual(rows);
  });
});

describe.each(DATABASES)('admin CSV on $name', (database) => {
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp(database);
    api = (await adminSession(t.app)).api;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await t?.close();
  });

  describe('export', () => {
    it('sends a CSV attachment with a header row, quoting and the formula guard', async () => {
      const tag = unique('Exported').replace(' ', '');
      await api.post('/interest', { name: `${tag} a, with "quotes"`, description: '=SUM(A1:A9)', active: true });
      await api.post('/interest', { name: `${tag} b`, description: 'Line one\nline two' });
      const response = await api.get(`/interests/export.csv?q=${tag}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="interests-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.body).toBe(
        `\uFEFFname,description,active\r\n"${tag} a, with ""quotes""",'=SUM(A1:A9),true\r\n${tag} b,"Line one\nline two",false\r\n`,
      );
    });

    it('exports users with their columns, never a password', async () => {
      const user = await createUser(api, { firstName: '@risky', lastName: 'Name, Jr.' });
      const response = await api.get(`/users/export.csv?q=${encodeURIComponent(user.username)}`);
      const rows = parseCsv(response.body);
      expect(rows[0]).toEqual(['firstName', 'lastName', 'username', 'role', 'accountName', 'active', 'lastLogin']);
      expect(rows.slice(1)).toEqual([["'@risky", 'Name, Jr.', user.username, 'Investor', user.accountName, 'true', '']]);
      expect(response.body).not.toMatch(/password|scrypt/i);
    });

    it('exports every section', async () => {
      for (const [section, header] of [
        ['markets', 'city,state,description,active'],
        ['strategies', 'name,description,active'],
        ['accounts', 'name,active'],
      ]) {
        const response = await api.get(`/${section}/export.csv`);
        expect(response.statusCode).toBe(200);
        expect(response.body.split('\r\n')[0]).toBe(`\uFEFF${header}`);
      }
    });
  });

  describe('import', () => {
    const count = async (table: 'markets' | 'users' | 'accounts') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('a dry run reports every row with its errors by column and writes nothing', async () => {
      const existing = json(await api.post('/market', { city: unique('Boise'), state: 'ID' })).data;
      const before = await count('markets');
      const csv = [
        'City,State,Description,Active',
        `${unique('Fresno')},ca,"Central valley, CA",yes`,
        ',ZZ,,maybe',
        `${existing.city.toLowerCase()},id,,`,
        `${unique('Reno')},NV,,false`,
      ].join('\r\n');
      const response = await api.post('/markets/import', { csv, dryRun: true });
      expect(response.statusCode).toBe(200);
      const report = json(response).data;
      expect(report).toMatchObject({ valid: 2, invalid: 2, created: 0 });
      expect(report.rows.map((r: ImportRow) => r.row)).toEqual([1, 2, 3, 4]);
      expect(report.rows[0]).toMatchObject({
        errors: {},
        values: { state: 'CA', description: 'Central valley, CA', active: 'yes' },
      });
      expect(report.rows[1].errors).toEqual({
        city: 'City is required',
        state: 'State must be a US state or territory code',
        active: 'Active must be true or false',
      });
      expect(report.rows[2].errors).toEqual({ city: `A market for ${existing.city}, ID already exists.` });
      expect(await count('markets')).toBe(before);
    });

    it('a real import writes every row in one go', async () => {
      const before = await count('markets');
      const cities = [unique('Tulsa'), unique('Omaha'), unique('Wichita')];
      const csv = `city,state,description,active\n${cities[0]},OK,"Oil, gas",true\n${cities[1]},NE,,\n${cities[2]},KS,'-flat,false\n`;
      const response = await api.post('/markets/import', { csv, dryRun: false });
      expect(response.statusCode).toBe(200);
      expect(json(response).data).toMatchObject({ valid: 3, invalid: 0, created: 3 });
      expect(await count('markets')).toBe(before + 3);
      const found = json(await api.get(`/markets?q=${encodeURIComponent(cities[2])}`)).data.items[0];
      expect(found).toMatchObject({ city: cities[2], state: 'KS', description: '-flat', active: false });
      const audit = json(await api.get(`/audit-log?entityType=market&entityId=${found._id}`)).data.items;
      expect(audit).toMatchObject([{ action: 'import', before: null, after: { city: cities[2], state: 'KS' } }]);
    });

    it('an import with one bad row answers 400 with the report and writes nothing', async () => {
      const before = await count('markets');
      const dup = unique('Twice');
      const csv = `city,state\n${unique('Macon')},GA\n${dup},GA\n${dup.toUpperCase()},ga\n`;
      const response = await api.post('/markets/import', { csv, dryRun: false });
      expect(response.statusCode).toBe(400);
      const error = json(response).error;
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: '1 of 3 rows has errors; nothing was imported',
        fields: { csv: '1 of 3 rows has errors; nothing was imported' },
      });
      expect(error.report.rows[2]).toMatchObject({ row: 3, errors: { city: 'The same market is on row 2' } });
      expect(await count('markets')).toBe(before);
    });

    it('refuses a file with an unknown or a missing column, no rows, or an open quote', async () => {
      const cases: Array<[string, string]> = [
        ['city,state,colour\nA,TX,red\n', 'Unknown column "colour". The columns are: city, state, description, active'],
        ['city\nA\n', 'Missing column: state'],
        ['city,state\n', 'The file has no rows below the header'],
        ['', 'The file is empty; the first line must name the columns: city, state, description, active'],
        ['city,state\n"A,TX\n', 'The file is not valid CSV: A quoted field that starts on line 2 is never closed'],
      ];
      for (const [csv, message] of cases) {
        const response = await api.post('/markets/import', { csv, dryRun: true });
        expect(response.statusCode).toBe(400);
        expect(json(response).error).toMatchObject({ message, fields: { csv: message } });
      }
    });

    it('imports users: role by name, accounts found or created, passwords hashed and masked in the report', async () => {
      const existing = await createUser(api);
      const newAccount = unique('Imported Co');
      const a = `${unique('imp').replace(' ', '')}@example.com`;
      const b = `${unique('imp').replace(' ', '')}@example.com`;
      const csv = [
        'firstName,lastName,username,password,role,accountName,active,lastLogin',
        `Ann,Able,${a},password-a1,agent,${existing.accountName},true,`,
        `Bob,Baker,${b.toUpperCase()},password-b1,Investor,${newAccount},false,2024-01-01T00:00:00Z`,
      ].join('\n');
      const dry = json(await api.post('/users/import', { csv, dryRun: true })).data;
      expect(dry).toMatchObject({ valid: 2, invalid: 0, created: 0 });
      expect(dry.rows[0].values.password).toBe('********');
      expect(JSON.stringify(dry)).not.toContain('password-a1');

      const accountsBefore = await count('accounts');
      const real = await api.post('/users/import', { csv, dryRun: false });
      expect(real.statusCode).toBe(202);
      expect(json(real).data).toMatchObject({ section: 'users', total: 2, created: 0, error: null, finishedAt: null });
      const { job } = await waitForImport(api, json(real).data._id);
      expect(job).toMatchObject({ phase: 'done', total: 2, done: 2, created: 2, error: null });
      expect(await count('accounts')).toBe(accountsBefore + 1);
      const ann = await signIn(t.app, a, 'password-a1');
      expect(ann.user).toMatchObject({ role: 'Agent', accountId: existing.accountId, active: true });
      const bob = json(await api.get(`/users?q=${encodeURIComponent(b)}`)).data.items[0];
      expect(bob).toMatchObject({ username: b, role: 'Investor', accountName: newAccount, active: false });
    });

    it('reports user rows with bad values and existing usernames', async () => {
      const existing = await createUser(api);
      const csv = [
        'firstName,lastName,username,password,role,accountName',
        `,X,not-an-email,short,Wizard,`,
        `A,B,${existing.username},password1,Agent,Acc`,
      ].join('\n');
      const report = json(await api.post('/users/import', { csv, dryRun: true })).data;
      expect(report.rows[0].errors).toEqual({
        firstName: 'First name is required',
        username: 'Username/email is not a valid email',
        password: 'Password must be at least 8 characters',
        role: 'Role must be one of: Admin, Agent, Investor',
        accountName: 'Account is required',
      });
      expect(report.rows[1].errors).toEqual({ username: `A user with the email ${existing.username} already exists.` });
      const real = await api.post('/users/import', { csv, dryRun: false });
      expect(real.statusCode).toBe(400);
    });

    it('round-trips an export with formula cells: the cells are guarded in the file and come back unchanged', async () => {
      const tag = unique('Formula').replace(' ', '');
      const markets = [
        { city: `=${tag}`, state: 'TX', description: '=HYPERLINK("http://evil","x")', active: true },
        { city: `+${tag}`, state: 'OK', description: '-2+3', active: false },
        { city: `@${tag}`, state: 'NM', description: '@mention, "quoted"\nand two lines', active: true },
      ];
      for (const market of markets) expect((await api.post('/market', market)).statusCode).toBe(201);
      const exported = (await api.get(`/markets/export.csv?q=${encodeURIComponent(tag)}`)).body;
      const rows = parseCsv(exported);
      expect(rows).toHaveLength(4);
      for (const row of rows.slice(1)) expect(row[0]).toMatch(/^'[=+@]/);
      expect(rows.slice(1).map((r) => r[2])).toEqual([
        `'-2+3`,
        `'=HYPERLINK("http://evil","x")`,
        `'@mention, "quoted"\nand two lines`,
      ]);

      await api.post('/markets/bulk', { action: 'delete', q: tag });
      const response = await api.post('/markets/import', { csv: exported, dryRun: false });
      expect(response.statusCode).toBe(200);
      expect(json(response).data).toMatchObject({ valid: 3, invalid: 0, created: 3 });
      const back = json(await api.get(`/markets?q=${encodeURIComponent(tag)}&pageSize=10`)).data.items;
      expect(back.map(({ _id, ...rest }: { _id: string }) => rest)).toEqual(
        expect.arrayContaining(markets.map((m) => expect.objectContaining(m))),
      );
      expect(back).toHaveLength(3);
    });

    it('takes up to 50,000 rows and 20 MB per file', async () => {
      const rows = (n: number) => `name,active\n${Array.from({ length: n }, (_, i) => `A${i},true`).join('\n')}\n`;
      const tooMany = await api.post('/accounts/import', { csv: rows(50_001), dryRun: true });
      expect(tooMany.statusCode).toBe(400);
      expect(json(tooMany).error.fields).toEqual({ csv: 'The file has 50001 rows; at most 50,000 are allowed' });
      const tooBig = await api.post('/accounts/import', { csv: `name\n${'x'.repeat(20 * 1024 * 1024)}\n`, dryRun: true });
      expect(tooBig.statusCode).toBe(400);
      expect(json(tooBig).error.fields).toEqual({ csv: 'The file is larger than 20 MB' });
      const users = await api.post('/users/import', {
        csv: `firstName,lastName,username,password,role,accountName\n${'A,B,a@b.co,password1,Agent,X\n'.repeat(101)}`,
        dryRun: true,
      });
      expect(users.statusCode).toBe(200);
      expect(json(users).data).toMatchObject({ valid: 1, invalid: 100 });
    }, 60_000);

    it('re-imports an export of accounts unchanged (formula guard undone)', async () => {
      const name = `-${unique('Minus Corp')}`;
      await api.post('/account', { name, active: true });
      const exported = (await api.get(`/accounts/export.csv?q=${encodeURIComponent(name)}`)).body;
      expect(exported).toContain(`'${name}`);
      await api.post('/accounts/bulk', { action: 'delete', q: name });
      const response = await api.post('/accounts/import', { csv: exported, dryRun: false });
      expect(json(response).data.created).toBe(1);
      expect(json(await api.get(`/accounts?q=${encodeURIComponent(name)}`)).data.items[0]).toMatchObject({ name, active: true });
    });
  });
});
