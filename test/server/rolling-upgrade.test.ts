/**
 * An upgrade without downtime, for real (docs/deploy.md, "Upgrading"): servers of the previous release
 * (a git worktree of the commit before the newest migration, its server built) on one PostgreSQL
 * database behind the shipped deploy/nginx.conf, under a load of reads and acknowledged writes; this
 * release's `migrate` runs beside them; then each old server is replaced in turn (a new one started,
 * nginx reloaded without the old one, the old one stopped with SIGTERM); then a new server is restarted
 * in place with nginx left as it is (SIGTERM's grace and drain alone). No request may fail and every
 * acknowledged write must be in the database. Needs DATABASE_URL, nginx and the git history (CI has
 * all three); without one it is skipped, saying why.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  createScratchDatabase,
  NGINX,
  ROOT,
  sleep,
  startNginx,
  startServerProcess,
  until,
  type RunningNginx,
  type ServerProcess,
} from './cluster-processes';
import { listingWhatIf } from '../support/what-if';

const MIGRATIONS = path.join('src', 'server', 'db', 'migrations');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }).trim();

/** The previous release: the commit before the one that added the newest migration (HEAD while it is uncommitted). */
function previousRelease(): { commit: string; migration: string } | { missing: string } {
  const newest = readdirSync(path.join(ROOT, MIGRATIONS))
    .filter((f) => /^\d{4}-.+\.ts$/.test(f))
    .sort()
    .at(-1)!;
  try {
    if (git('rev-parse', '--is-shallow-repository') === 'true') return { missing: 'the git history (a shallow clone)' };
    const added = git('log', '--diff-filter=A', '--format=%H', '-1', '--', path.join(MIGRATIONS, newest));
    const commit = added ? git('rev-parse', `${added}^`) : git('rev-parse', 'HEAD');
    return { commit, migration: newest.replace(/\.ts$/, '') };
  } catch (error) {
    return { missing: `the git history (${(error as Error).message.split('\n')[0]})` };
  }
}

const release = previousRelease();
const missing = !process.env.DATABASE_URL ? 'DATABASE_URL' : !NGINX ? 'nginx' : 'missing' in release ? release.missing : null;
if (missing) console.warn(`rolling-upgrade.test.ts skipped: it needs ${missing}`);
const describeUpgrade = missing ? describe.skip : describe;

jest.setTimeout(300_000);

/** Builds a release's server (no type check: its own CI checked it) into `outDir`. */
function buildServer(root: string, outDir: string) {
  execFileSync(
    process.execPath,
    [TSC, '-p', path.join(root, 'src', 'server', 'tsconfig.json'), '--noCheck', '--outDir', outDir],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
  return path.join(outDir, 'server');
}

interface Outcome {
  phase: string;
  what: string;
  status: number;
  error?: string;
}

/** One request on a connection of its own (a browser retries a kept-alive connection's failure itself). */
function call(base: string, method: string, pathname: string, options: { token?: string; body?: unknown } = {}) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<{ status: number; data: unknown }>((resolve, reject) => {
    const req = http.request(
      `${base}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let data: unknown = null;
          try {
            data = (JSON.parse(text) as { data?: unknown }).data ?? null;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, data });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describeUpgrade('a rolling upgrade: the previous release and this one side by side on one database, behind nginx', () => {
  const { commit, migration } = release as { commit: string; migration: string };
  let work: string;
  let previousTree: string;
  let previousServer: string;
  let currentServer: string;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let nginx: RunningNginx | undefined;
  const servers: ServerProcess[] = [];
  const timings: Record<string, number> = {};
  const env = () => ({
    DATABASE_URL: database.url,
    JWT_SECRET: 'upgrade-test-secret-of-enough-length-0123456789',
    ADMIN_EMAIL: 'admin@upgrade.test',
    ADMIN_PASSWORD: 'upgrade-admin-1',
    DEMO_LISTINGS: '150',
    TRUST_PROXY: '1',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS: '1000',
  });
  const start = async (name: string, entry: string, extra: Record<string, string> = {}, port?: number) => {
    const server = await startServerProcess(name, { ...env(), ...extra }, { entry: path.join(entry, 'index.js'), port });
    servers.push(server);
    await server.waitReady(120_000);
    return server;
  };
  /** SIGTERM, and the exit code once it has stopped. */
  const stop = async (server: ServerProcess) => {
    await server.kill('SIGTERM');
    return server.child.exitCode;
  };

  beforeAll(async () => {
    let at = Date.now();
    work = mkdtempSync(path.join(os.tmpdir(), 'dealmap-upgrade-'));
    previousTree = path.join(work, 'previous');
    git('worktree', 'add', '--detach', previousTree, commit);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(previousTree, 'node_modules'));
    previousServer = buildServer(previousTree, path.join(previousTree, 'dist'));
    // This release's build beside it, resolving the same node_modules.
    mkdirSync(path.join(work, 'current'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'current', 'node_modules'));
    currentServer = buildServer(ROOT, path.join(work, 'current', 'dist'));
    timings.buildMs = Date.now() - at;

    at = Date.now();
    database = await createScratchDatabase(process.env.DATABASE_URL!);
    await Promise.all([start('old-a', previousServer), start('old-b', previousServer)]);
    nginx = await startNginx(servers.map((s) => s.port));
    timings.oldStartMs = Date.now() - at;
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    if (work) {
      try {
        git('worktree', 'remove', '--force', previousTree);
      } catch {
        /* never added */
      }
      git('worktree', 'prune');
      rmSync(work, { recursive: true, force: true });
    }
    console.log(`rolling upgrade from ${commit.slice(0, 10)}: ${JSON.stringify(timings)}`);
  });

  it('migrates and replaces every server under load: no failed request, no lost write', async () => {
    const base = nginx!.url;
    const before = await database.pool.query<{ name: string }>('select name from kysely_migration');
    expect(before.rows.map((r) => r.name)).not.toContain(migration);
    const { rows: listings } = await database.pool.query<{ id: string; latitude: number; longitude: number }>(
      'select id, latitude, longitude from properties order by id limit 20',
    );
    expect(listings.length).toBeGreaterThan(0);

    let phase = 'old servers';
    let running = true;
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    const record = async (what: string, request: () => Promise<{ status: number; data: unknown }>) => {
      const at = phase;
      try {
        const answer = await request();
        outcomes.push({ phase: at, what, status: answer.status });
        return answer.status >= 200 && answer.status < 300 ? answer.data : null;
      } catch (error) {
        outcomes.push({ phase: at, what, status: 0, error: (error as Error).message });
        return null;
      }
    };
    const signup = async (name: string) => {
      const body = { email: `${name}-${Date.now()}@upgrade.test`, password: 'upgrade-password-1' };
      return ((await record('POST /signup', () => call(base, 'POST', '/api/v1/signup', { body }))) as { token: string } | null)
        ?.token;
    };
    const writer = async (n: number) => {
      // One account keeps at most 500 saved calculations: a new one every 400.
      let token = await signup(`writer-${n}`);
      for (let i = 0; running; i++) {
        if (i > 0 && i % 400 === 0) token = (await signup(`writer-${n}-${i}`)) ?? token;
        const property = listings[i % listings.length];
        const saved = (await record('POST /auth/saved-calculations', () =>
          call(base, 'POST', '/api/v1/auth/saved-calculations', {
            token,
            body: { name: `Upgrade ${n}-${i}`, propertyId: property.id, strategy: 'buyHold', whatIf: listingWhatIf() },
          }),
        )) as { _id: string } | null;
        if (saved) acknowledged.push(saved._id);
        await sleep(15);
      }
    };
    const reader = async (n: number) => {
      const token = await signup(`reader-${n}`);
      for (let i = 0; running; i++) {
        const p = listings[i % listings.length];
        if (i % 2) {
          await record('GET /auth/property/:id', () => call(base, 'GET', `/api/v1/auth/property/${p.id}`, { token }));
        } else {
          const box = {
            ne: { lat: p.latitude + 0.05, lng: p.longitude + 0.05 },
            sw: { lat: p.latitude - 0.05, lng: p.longitude - 0.05 },
          };
          const query = `type=bounds&zoom=13&bounds=${encodeURIComponent(JSON.stringify(box))}`;
          await record('GET /auth/searchProperties', () =>
            call(base, 'GET', `/api/v1/auth/searchProperties?${query}`, { token }),
          );
        }
        await record('GET /healthz', () => call(base, 'GET', '/healthz'));
        await sleep(10);
      }
    };
    const load = Promise.all([0, 1, 2].map(writer).concat([0, 1].map(reader)));
    const began = Date.now();
    /** Lets the load run until `n` more writes are acknowledged (and a second at least). */
    const writesMore = async (n: number) => {
      const target = acknowledged.length + n;
      await sleep(1000);
      await until(() => acknowledged.length >= target, `${n} more acknowledged writes (${phase})`, 60_000);
    };
    await writesMore(20);

    // This release's migrations, while the old servers serve.
    phase = 'migrating';
    let at = Date.now();
    const migrated = spawnSync(process.execPath, [path.join(currentServer, 'cli', 'migrate.js')], {
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: work },
      encoding: 'utf8',
    });
    timings.migrateMs = Date.now() - at;
    expect({ status: migrated.status, stderr: migrated.stderr }).toEqual({ status: 0, stderr: '' });
    expect(migrated.stdout).toMatch(new RegExp(`^Applied \\d+ migrations? to .*${migration}`));
    phase = 'old servers, new schema';
    await writesMore(20);

    // Each old server in turn: a new one in, nginx reloaded without the old one, the old one stopped.
    const exits: Record<string, number | null> = {};
    const olds = servers.slice(0, 2);
    let serving = olds.map((s) => s.port);
    for (const [i, old] of olds.entries()) {
      phase = `replacing ${old.name}`;
      at = Date.now();
      const replacement = await start(`new-${i}`, currentServer, { MIGRATE_ON_START: '0' });
      serving = [...serving.filter((p) => p !== old.port), replacement.port];
      await nginx!.reload(serving);
      exits[old.name] = await stop(old);
      timings[`replace${i}Ms`] = Date.now() - at;
      await writesMore(20);
    }
    phase = 'new servers';
    // What the migration added, served through nginx.
    const owner = await signup('portfolio-owner');
    expect((await call(base, 'GET', '/api/v1/auth/portfolio', { token: owner })).status).toBe(200);
    await writesMore(20);

    // The next upgrade's way too: a new server stopped in place, nginx left as it is (SIGTERM's grace
    // while nginx's idle connections to it expire, then refused connections tried on the other server).
    phase = 'restarting new-0 in place';
    at = Date.now();
    const inPlace = servers[2];
    exits[inPlace.name] = await stop(inPlace);
    timings.inPlaceStopMs = Date.now() - at;
    await start('new-0-again', currentServer, { MIGRATE_ON_START: '0' }, inPlace.port);
    timings.inPlaceRestartMs = Date.now() - at;
    phase = 'after the restart';
    await writesMore(20);

    running = false;
    await load;
    timings.loadMs = Date.now() - began;

    const failed = outcomes.filter((o) => o.status < 200 || o.status >= 300);
    const byPhase: Record<string, number> = {};
    for (const o of outcomes) byPhase[o.phase] = (byPhase[o.phase] ?? 0) + 1;
    const stored = await database.pool.query<{ n: number }>(
      'select count(*)::int as n from saved_calculations where id = any($1::uuid[])',
      [acknowledged],
    );
    console.log(
      `rolling upgrade: ${outcomes.length} requests (${JSON.stringify(byPhase)}), ${failed.length} failed, ` +
        `${acknowledged.length} acknowledged writes, ${stored.rows[0].n} of them stored; exits ${JSON.stringify(exits)}`,
    );

    expect(failed).toEqual([]);
    expect(exits).toEqual({ 'old-a': 0, 'old-b': 0, 'new-0': 0 });
    expect(stored.rows[0].n).toBe(acknowledged.length);
    for (const p of Object.keys(byPhase)) expect(byPhase[p]).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(50);
    const after = await database.pool.query<{ name: string }>('select name from kysely_migration');
    expect(after.rows.map((r) => r.name)).toContain(migration);
  });
});
