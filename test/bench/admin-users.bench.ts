import { sql } from 'kysely';
import { BENCH_DATABASES, measure, ms, openBenchApp, printTable, type Bench, type BenchApp } from './bench-utils';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
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

export const bench: Bench = {
  name: 'admin users list',
  async run() {
    for (const database of BENCH_DATABASES) {
      const t = await openBenchApp(database);
      try {
        const seedMs = await seedUsers(t);
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
      } finally {
        await t.close();
      }
    }
  },
};
