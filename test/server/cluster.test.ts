/**
 * Several servers on one PostgreSQL database behave as one (issue 26), tried with real processes:
 * two started at once on an empty database, a third with WORKERS=2, and nginx in front of the three
 * with the shipped deploy/nginx.conf. Needs DATABASE_URL and nginx (CI has both: .ci/run installs
 * nginx); without them it is skipped, saying why.
 */
import {
  call,
  createScratchDatabase,
  NGINX,
  sleep,
  startNginx,
  startServerProcess,
  type RunningNginx,
  type ServerProcess,
} from './cluster-processes';
import { listingWhatIf } from '../support/what-if';

const BASE_URL = process.env.DATABASE_URL;
const missing = !BASE_URL ? 'DATABASE_URL' : !NGINX ? 'nginx' : null;
if (missing) console.warn(`cluster.test.ts skipped: it needs ${missing}`);
const describeCluster = missing ? describe.skip : describe;

const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-1' };
const LOGIN_LIMIT = 5;
const DEMO_LISTINGS = 300;

jest.setTimeout(300_000);

describeCluster('several servers on one PostgreSQL database, behind nginx', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let servers: ServerProcess[] = [];
  let nginx: RunningNginx;
  const env = () => ({
    DATABASE_URL: database.url,
    JWT_SECRET: 'cluster-test-secret-of-enough-length-0123456789',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_LISTINGS: String(DEMO_LISTINGS),
    TRUST_PROXY: '1',
    RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT),
    RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS: '1000',
  });
  const adminToken = async (base = nginx.url) => {
    const answer = await call<{ token: string }>(base, 'POST', '/api/v1/login', {
      body: { username: ADMIN.email, password: ADMIN.password },
    });
    expect(answer.status).toBe(200);
    return answer.body.data!.token;
  };

  beforeAll(async () => {
    database = await createScratchDatabase(BASE_URL!);
    // Two servers at once on the empty database: both migrate, seed and plan the demo load.
    const [a, b] = await Promise.all([startServerProcess('a', env()), startServerProcess('b', env())]);
    servers = [a, b];
    await Promise.all(servers.map((s) => s.waitReady()));
    // A third, itself two processes (WORKERS=2, node:cluster) behind its port.
    const c = await startServerProcess('c', { ...env(), WORKERS: '2' });
    servers.push(c);
    await c.waitReady();
    nginx = await startNginx(servers.map((s) => s.port));
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('two servers started at once on an empty database seed it once and load the demo data once', async () => {
    for (const s of servers) expect(s.child.exitCode).toBeNull();
    const admins = await database.pool.query(
      `select count(*)::int as n from users join roles on roles.id = users.role_id where roles.name = 'Admin'`,
    );
    expect(admins.rows[0].n).toBe(1);
    const strategies = await database.pool.query('select count(*)::int as n from strategies');
    expect(strategies.rows[0].n).toBe(4);
    const loads = servers.map((s) => (s.output().match(/Demo data loaded/g) ?? []).length);
    expect(loads.reduce((a, b) => a + b, 0)).toBe(1);
    const listings = await database.pool.query('select count(*)::int as n from properties');
    expect(listings.rows[0].n).toBeGreaterThanOrEqual(DEMO_LISTINGS);
  });

  it('the per-account sign-in limit holds across the servers: the limit+1-th attempt is 429 whichever answers', async () => {
    // Through nginx (least connections: the attempts spread over the three).
    const viaNginx = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      viaNginx.push(
        (await call(nginx.url, 'POST', '/api/v1/login', { body: { username: 'someone@cluster.test', password: 'wrong' } }))
          .status,
      );
    }
    expect(viaNginx).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
    // And server by server, another account's attempts in turn on each: the 6th is 429 on any.
    const direct = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const server = servers[i % servers.length];
      direct.push(
        (await call(server.url, 'POST', '/api/v1/login', { body: { username: 'nobody@cluster.test', password: 'x' } })).status,
      );
    }
    expect(direct).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  });

  it('a deactivated user and a role change are refused by every server within a second', async () => {
    const token = await adminToken();
    const { data: form } = (
      await call<{ roles: Array<{ _id: string; name: string }> }>(nginx.url, 'GET', '/api/v1/admin/addUser', { token })
    ).body;
    const roles = Object.fromEntries(form!.roles.map((r) => [r.name, r._id]));
    const makeUser = async (name: string, role: string) => {
      const body = {
        firstName: name,
        lastName: 'Cluster',
        username: `${name.toLowerCase()}@cluster.test`,
        password: 'cluster-user-1',
        roleId: roles[role],
        accountId: '',
        accountName: `${name} account`,
        active: true,
      };
      const created = await call<Record<string, unknown> & { _id: string }>(nginx.url, 'POST', '/api/v1/admin/user', {
        token,
        body,
      });
      expect(created.status).toBe(201);
      const session = await call<{ token: string }>(nginx.url, 'POST', '/api/v1/login', {
        body: { username: body.username, password: body.password },
      });
      return { user: created.body.data!, token: session.body.data!.token };
    };
    const investor = await makeUser('Ivan', 'Investor');
    const admin2 = await makeUser('Ada', 'Admin');
    // Each server has checked (and remembers) both sessions.
    for (const s of servers) {
      expect((await call(s.url, 'GET', '/api/v1/auth/getUser', { token: investor.token })).status).toBe(200);
      expect((await call(s.url, 'GET', '/api/v1/admin/addUser', { token: admin2.token })).status).toBe(200);
    }

    const deactivate = await call(nginx.url, 'PUT', `/api/v1/admin/user/${investor.user._id}`, {
      token,
      body: { ...investor.user, active: false, accountType: 'existing' },
    });
    expect(deactivate.status).toBe(200);
    const demote = await call(nginx.url, 'PUT', `/api/v1/admin/user/${admin2.user._id}`, {
      token,
      body: { ...admin2.user, roleId: roles.Investor, accountType: 'existing' },
    });
    expect(demote.status).toBe(200);
    const changedAt = Date.now();
    // Each server polled until it refuses both; each must within 1 s of the change.
    const refusedAfter = await Promise.all(
      servers.map(async (s) => {
        while (Date.now() - changedAt < 3000) {
          const [investorStatus, adminStatus] = await Promise.all([
            call(s.url, 'GET', '/api/v1/auth/getUser', { token: investor.token }).then((a) => a.status),
            call(s.url, 'GET', '/api/v1/admin/addUser', { token: admin2.token }).then((a) => a.status),
          ]);
          if (investorStatus === 401 && adminStatus === 403) return { server: s.name, ms: Date.now() - changedAt };
          await sleep(25);
        }
        return { server: s.name, ms: Infinity };
      }),
    );
    for (const refused of refusedAfter) expect(refused.ms).toBeLessThan(1000);
  });

  it('a new rate re-prices every listing exactly once, and every server reports the same pricing version', async () => {
    const token = await adminToken();
    const versions = async () =>
      Promise.all(
        servers.map(
          async (s) => (await call<{ version: number; repricing: boolean }>(s.url, 'GET', '/api/v1/rates/pricing')).body.data!,
        ),
      );
    const before = await versions();
    expect(new Set(before.map((v) => v.version)).size).toBe(1);
    const rateAudits = async () =>
      (await database.pool.query(`select count(*)::int as n from audit_log where entity_type = 'rate'`)).rows[0].n as number;
    const auditsBefore = await rateAudits();
    const passesBefore = servers.map((s) => (s.output().match(/Recomputed strategy results of \d+ listings/g) ?? []).length);

    const added = await call(nginx.url, 'POST', '/api/v1/admin/rates', {
      token,
      body: { product: '30-Year Fixed', rate: 7.77, asOf: new Date().toISOString().slice(0, 10), source: 'cluster test' },
    });
    expect([200, 201]).toContain(added.status);

    let after = await versions();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (after.some((v) => v.repricing) || after.some((v) => v.version === before[0].version))) {
      await sleep(200);
      after = await versions();
    }
    expect(after.map((v) => v.version)).toEqual(servers.map(() => before[0].version + 1));
    expect(after.every((v) => !v.repricing)).toBe(true);

    const passes = servers.map(
      (s, i) => (s.output().match(/Recomputed strategy results of \d+ listings/g) ?? []).length - passesBefore[i],
    );
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    const stale = await database.pool.query(
      `select count(*)::int as n from properties where inputs is not null and results_rate is distinct from 7.77`,
    );
    expect(stale.rows[0].n).toBe(0);
    expect((await rateAudits()) - auditsBefore).toBe(1);
  });

  it('killing a server mid-load loses no acknowledged write, and nginx keeps answering from the others', async () => {
    // Each writer its own investor: one user keeps at most 500 saved calculations, which four writers
    // sharing one account reached within the test's 4 s on a quiet machine (409s counted as failures).
    const tokens = await Promise.all(
      [0, 1, 2, 3].map(async (n) => {
        const answer = await call<{ token: string }>(nginx.url, 'POST', '/api/v1/signup', {
          body: { email: `cluster-writer-${n}@test.dealmap`, password: 'cluster-writer-password-1' },
        });
        expect(answer.status).toBe(201);
        return answer.body.data!.token;
      }),
    );
    const property = await database.pool.query('select id from properties limit 1');
    const acknowledged: string[] = [];
    const failures: number[] = [];
    let reads = 0;
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const answer = await call<{ _id: string }>(nginx.url, 'POST', '/api/v1/auth/saved-calculations', {
          token: tokens[n],
          body: {
            name: `Cluster ${n}-${i}`,
            propertyId: property.rows[0].id,
            strategy: 'buyHold',
            whatIf: listingWhatIf(),
          },
        }).catch(() => ({ status: 0, body: {} }) as const);
        if (answer.status === 201 || answer.status === 200)
          acknowledged.push((answer.body as { data: { _id: string } }).data._id);
        else failures.push(answer.status);
        const read = await call(nginx.url, 'GET', '/healthz').catch(() => ({ status: 0 }));
        if (read.status === 200) reads++;
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    await sleep(1500);
    const victim = servers[1];
    victim.child.kill('SIGKILL');
    const killedAt = acknowledged.length;
    await sleep(2500);
    stop = true;
    await writers;

    expect(acknowledged.length).toBeGreaterThan(killedAt);
    const stored = await database.pool.query('select id from saved_calculations where id = any($1::uuid[])', [acknowledged]);
    expect(stored.rows.length).toBe(acknowledged.length);
    // At most the writes in flight on the killed server fail (nginx does not retry a POST that reached it).
    expect(failures.length).toBeLessThanOrEqual(4);
    // After the kill, every read still answers through nginx.
    const after = await Promise.all([0, 1, 2, 3, 4, 5].map(() => call(nginx.url, 'GET', '/healthz')));
    expect(after.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(reads).toBeGreaterThan(0);
  });
});
