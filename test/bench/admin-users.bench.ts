import { sql } from 'kysely';
import { DEFAULT_SCRYPT_COST, hashPassword } from '../../src/server/modules/auth';
import { createUserImportJobs } from '../../src/server/modules/admin/user-import-jobs';
import { checkUserImport } from '../../src/server/modules/admin/users-csv';
import { BENCH_ADMIN, BENCH_DATABASES, measure, ms, openBenchApp, printTable, type Bench, type BenchApp } from './bench-utils';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
/** Rows of the users import timed at the production scrypt cost (0 skips it). */
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const ACCOUNTS = 500;

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Steven',
  'Ashley',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Okafor',
  'Kowalski',
  'Yamamoto',
  'Novak',
  'Petrov',
  'Larsen',
  'Fischer',
  'Dubois',
  'Rossi',
  'Silva',
];

/** Set-based: two INSERT … SELECT generate_series statements, not 100k round trips. */
async function seedUsers(t: BenchApp): Promise<number> {
  const start = Date.now();
  await sql`
    insert into accounts (name)
    select 'Account ' || lpad(g::text, 3, '0') from generate_series(1, ${ACCOUNTS}::int) g`.execute(t.db);
  await sql`
    with a as (select id, (row_number() over (order by name) - 1)::int as n from accounts),
         roles_by_name as (select
           (select id from roles where name = 'Agent') as agent,
           (select id from roles where name = 'Investor') as investor)
    insert into users (first_name, last_name, username, password_hash, role_id, account_id, active, last_login, created_at)
    select (${FIRST}::text[])[1 + g % ${FIRST.length}::int],
           (${LAST}::text[])[1 + (g / ${FIRST.length}::int) % ${LAST.length}::int],
           'user' || g || '@example.com',
           'scrypt$disabled',
           case when g % 10 = 0 then r.agent else r.investor end,
           a.id,
           g % 17 <> 0,
           case when g % 3 = 0 then null else now() - make_interval(mins => g) end,
           now() - make_interval(secs => g)
    from generate_series(1, ${USERS}::int) g
    join a on a.n = g % ${ACCOUNTS}::int
    cross join roles_by_name r`.execute(t.db);
  await sql`analyze`.execute(t.db);
  return Date.now() - start;
}

/**
 * A users import of IMPORT_ROWS rows as the server runs it: the file check (a dry run), then the job
 * hashing every password at the production scrypt cost and writing all users in one transaction.
 * Peak memory is sampled every 50 ms.
 */
async function timeUsersImport(t: BenchApp): Promise<Array<Record<string, string | number>>> {
  const header = 'firstName,lastName,username,password,role,accountName,active';
  const lines = Array.from(
    { length: IMPORT_ROWS },
    (_, i) => `Imported${i},Person${i},imported${i}@bench.example,password-${i}-x,Investor,Imported Account ${i % 20},true`,
  );
  const csv = [header, ...lines].join('\n');
  const admin = await t.db.selectFrom('users').select('id').where('username', '=', BENCH_ADMIN.email).executeTakeFirstOrThrow();
  let hashedAt = 0;
  const jobs = createUserImportJobs(t.db, {
    hashPassword: async (password) => {
      const hash = await hashPassword(password, DEFAULT_SCRYPT_COST);
      hashedAt = Date.now();
      return hash;
    },
  });
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heap: before.heapUsed };
  const sample = setInterval(() => {
    const memory = process.memoryUsage();
    peak.rss = Math.max(peak.rss, memory.rss);
    peak.heap = Math.max(peak.heap, memory.heapUsed);
  }, 50);
  try {
    const started = Date.now();
    const { report, records } = await checkUserImport(t.db, csv);
    if (report.invalid) throw new Error(`bench file has ${report.invalid} invalid rows`);
    const checked = Date.now();
    const job = await jobs.start({ id: admin.id }, records, t.app.log);
    let state = job;
    while (state.phase !== 'done' && state.phase !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await jobs.get(job._id);
    }
    const ended = Date.now();
    if (state.phase === 'failed') throw new Error(`import failed: ${state.error}`);
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    const row = (step: string, fromMs: number, toMs: number) => ({
      step,
      seconds: ((toMs - fromMs) / 1000).toFixed(2),
      'per row ms': ms((toMs - fromMs) / IMPORT_ROWS),
    });
    return [
      row('check the file (dry run)', started, checked),
      row('hash passwords (2 at a time)', checked, hashedAt),
      row('write every user (one transaction), seen by a poll', hashedAt, ended),
      row(`total: ${state.created} users`, started, ended),
      {
        step: `memory: rss ${mb(before.rss)} -> peak ${mb(peak.rss)}, heap ${mb(before.heapUsed)} -> peak ${mb(peak.heap)}`,
        seconds: '',
        'per row ms': '',
      },
    ];
  } finally {
    clearInterval(sample);
    await jobs.close();
  }
}

export const bench: Bench = {
  name: 'admin users list',
  async run() {
    for (const database of BENCH_DATABASES) {
      const t = await openBenchApp(database);
      try {
        const seedMs = await seedUsers(t);
        // The import first, so its memory figures start from a quiet heap.
        const importRows = IMPORT_ROWS > 0 ? await timeUsersImport(t) : null;
        const headers = { authorization: `Bearer ${t.token}` };
        const get = (url: string) => async () => {
          const response = await t.app.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          return JSON.parse(response.body).data;
        };
        const cases: Array<[string, string, number]> = [
          ['first page (name)', '/api/v1/admin/users?page=1&pageSize=50', 9],
          ['page 1000 (name)', '/api/v1/admin/users?page=1000&pageSize=50', 5],
          ['first page, sort -lastLogin', '/api/v1/admin/users?page=1&pageSize=50&sort=-lastLogin', 5],
          ['search q=user4242 (narrow)', '/api/v1/admin/users?q=user4242&page=1&pageSize=50', 9],
          ['search q=kowals (last name)', '/api/v1/admin/users?q=kowals&page=1&pageSize=50', 9],
          ['search q=account 042 (account)', '/api/v1/admin/users?q=account%20042&page=1&pageSize=50', 9],
          ['plain call (whole list)', '/api/v1/admin/users', 3],
        ];
        const rows: Array<Record<string, string | number>> = [];
        for (const [label, url, runs] of cases) {
          const data = await get(url)();
          const timing = await measure(get(url), runs, 1);
          rows.push({
            request: label,
            rows: Array.isArray(data) ? data.length : `${data.items.length} of ${data.total}`,
            'median ms': ms(timing.medianMs),
            'min ms': ms(timing.minMs),
            'max ms': ms(timing.maxMs),
            runs,
          });
        }
        printTable(
          `admin users list — ${database.name}, ${USERS.toLocaleString('en-US')} users in ${ACCOUNTS} accounts (seeded in ${seedMs} ms)`,
          rows,
        );
        if (importRows) {
          printTable(
            `users import job — ${database.name}, ${IMPORT_ROWS.toLocaleString('en-US')} rows, production scrypt cost (N=2^17)`,
            importRows,
          );
        }
      } finally {
        await t.close();
      }
    }
  },
};
