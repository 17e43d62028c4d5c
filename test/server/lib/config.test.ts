import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_AUTH_CACHE_TTL_MS,
  DEFAULT_REFRESH_REUSE_GRACE_MS,
  DEFAULT_PG_POOL_SIZE,
  DEFAULT_RATE_LIMITS,
  PACKAGE_ROOT,
  loadConfig,
} from '../../../src/server/lib/app-config';
import { requireRole } from '../../../src/server/modules/auth';

it('PACKAGE_ROOT is the folder of package.json', () => {
  expect(fs.existsSync(path.join(PACKAGE_ROOT, 'package.json'))).toBe(true);
});

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-config-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      mailFrom: 'Dealmap <no-reply@dealmap.local>',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      clientDir: path.join(PACKAGE_ROOT, 'dist', 'client'),
      rateLimits: DEFAULT_RATE_LIMITS,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toMatch(/^[0-9a-f]{128}$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://x@y/z',
      JWT_SECRET: 'secret',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Ops <ops@x.test>',
      PUBLIC_URL: 'https://dealmap.example/',
      ADMIN_EMAIL: ' Boss@X.test ',
      ADMIN_PASSWORD: 'pw-123456',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/srv/client',
      GOOGLE_MAPS_API_KEY: 'key',
      GOOGLE_MAPS_MAP_ID: 'map',
      GOOGLE_MAPS_CHANNEL: '42',
      API_DOCS: '1',
      PG_POOL_SIZE: '24',
      AUTH_CACHE_TTL_MS: '0',
      REFRESH_REUSE_GRACE_MS: '5000',
      DB_WAIT_LIMIT_MS: '2500',
      HASH_WAIT_LIMIT_MS: '1500',
      TRUST_PROXY: '2',
      WORKERS: '3',
      DATABASE_READ_URL: 'postgres://r1/z, postgres://r2/z',
      DATABASE_READ_MAX_LAG_MS: '750',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100',
      RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS: '200',
      RATE_LIMIT_SIGNUP_PER_HOUR: '300',
      RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: '400',
      RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR_PER_ADDRESS: '500',
      ALERT_DIGEST_HOUR: '18',
      ACCURACY_HOUR: '4',
      DEMO_LISTINGS: '750',
      METRICS_TOKEN: 'metrics-0123456789abcdef',
      BACKUP_DIR: '/srv/backups',
      BACKUP_EVERY_HOURS: '24',
      BACKUP_KEEP: '14',
    });
    expect(config).toEqual({
      port: 4000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: 'postgres://x@y/z',
      databaseReadUrls: ['postgres://r1/z', 'postgres://r2/z'],
      databaseReadMaxLagMs: 750,
      workers: 3,
      jwtSecret: 'secret',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Ops <ops@x.test>',
      publicUrl: 'https://dealmap.example',
      adminEmail: 'boss@x.test',
      adminPassword: 'pw-123456',
      logLevel: 'warn',
      clientDir: '/srv/client',
      googleMapsApiKey: 'key',
      googleMapsMapId: 'map',
      googleMapsChannel: 42,
      rateLimits: {
        loginPerMinute: 100,
        loginPerMinutePerAddress: 200,
        signupPerHour: 300,
        forgotPasswordPerHour: 400,
        forgotPasswordPerHourPerAddress: 500,
      },
      pgPoolSize: 24,
      dbWaitLimitMs: 2500,
      hashWaitLimitMs: 1500,
      authCacheTtlMs: 0,
      refreshReuseGraceMs: 5000,
      apiDocs: true,
      trustProxy: 2,
      alertDigestHour: 18,
      accuracyHour: 4,
      demoListings: 750,
      metricsToken: 'metrics-0123456789abcdef',
      backupDir: '/srv/backups',
      backupEveryHours: 24,
      backupKeep: 14,
    });
  });

  it('backs up into DATA_DIR/backups on no schedule, keeping 7, unless BACKUP_* say otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      backupDir: path.join(dir, 'backups'),
      backupEveryHours: 0,
      backupKeep: 7,
    });
    expect(loadConfig({ DATA_DIR: dir, BACKUP_EVERY_HOURS: ' 6 ', BACKUP_KEEP: '1' })).toMatchObject({
      backupEveryHours: 6,
      backupKeep: 1,
    });
    for (const bad of ['-1', '1.5', 'daily', '8761']) {
      expect(() => loadConfig({ DATA_DIR: dir, BACKUP_EVERY_HOURS: bad })).toThrow(
        `BACKUP_EVERY_HOURS must be a whole number of hours from 1 to 8760 (24 = daily), or 0 for no scheduled backups, got "${bad}"`,
      );
    }
    for (const bad of ['0', '1001', 'all']) {
      expect(() => loadConfig({ DATA_DIR: dir, BACKUP_KEEP: bad })).toThrow(
        `BACKUP_KEEP must be a whole number from 1 to 1000 (how many of the newest backups to keep), got "${bad}"`,
      );
    }
  });

  it('runs the nightly accuracy backtest at 3 unless ACCURACY_HOUR names another whole hour', () => {
    expect(loadConfig({ DATA_DIR: dir }).accuracyHour).toBe(3);
    expect(loadConfig({ DATA_DIR: dir, ACCURACY_HOUR: '23' }).accuracyHour).toBe(23);
    expect(() => loadConfig({ DATA_DIR: dir, ACCURACY_HOUR: '24' })).toThrow(
      'ACCURACY_HOUR must be a whole hour from 0 to 23 (the server\'s time zone), got "24"',
    );
  });

  it('sends the daily alert digests at 7 unless ALERT_DIGEST_HOUR names another whole hour', () => {
    expect(loadConfig({ DATA_DIR: dir }).alertDigestHour).toBe(7);
    expect(loadConfig({ DATA_DIR: dir, ALERT_DIGEST_HOUR: '0' }).alertDigestHour).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, ALERT_DIGEST_HOUR: ' 23 ' }).alertDigestHour).toBe(23);
    for (const bad of ['24', '-1', '7.5', 'seven', '7am']) {
      expect(() => loadConfig({ DATA_DIR: dir, ALERT_DIGEST_HOUR: bad })).toThrow(
        `ALERT_DIGEST_HOUR must be a whole hour from 0 to 23 (the server's time zone), got "${bad}"`,
      );
    }
  });

  it('defaults the pool size and the token-check memory, and refuses bad values with the name', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect([config.pgPoolSize, config.authCacheTtlMs]).toEqual([DEFAULT_PG_POOL_SIZE, DEFAULT_AUTH_CACHE_TTL_MS]);
    expect(() => loadConfig({ DATA_DIR: dir, PG_POOL_SIZE: '0' })).toThrow('PG_POOL_SIZE must be a positive integer, got "0"');
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_CACHE_TTL_MS: '-5' })).toThrow(
      'AUTH_CACHE_TTL_MS must be a whole number of 0 or more, got "-5"',
    );
    expect(config.refreshReuseGraceMs).toBe(DEFAULT_REFRESH_REUSE_GRACE_MS);
    expect(loadConfig({ DATA_DIR: dir, REFRESH_REUSE_GRACE_MS: '0' }).refreshReuseGraceMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, REFRESH_REUSE_GRACE_MS: '60000' })).toThrow(
      'REFRESH_REUSE_GRACE_MS must be at most 30000 (30 s), got 60000',
    );
  });

  it('takes a Maps channel from 0 to 999 and refuses anything else with a clear message', () => {
    expect(loadConfig({ DATA_DIR: dir, GOOGLE_MAPS_CHANNEL: '0' }).googleMapsChannel).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).googleMapsChannel).toBeUndefined();
    for (const bad of ['1000', '-1', '1.5', 'abc']) {
      expect(() => loadConfig({ DATA_DIR: dir, GOOGLE_MAPS_CHANNEL: bad })).toThrow(
        `GOOGLE_MAPS_CHANNEL must be a whole number from 0 to 999 (a Maps usage-reporting channel), got "${bad}"`,
      );
    }
  });

  it('runs a process per core on PostgreSQL, one on PGlite, and refuses more on PGlite with a way out', () => {
    expect(loadConfig({ DATA_DIR: dir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@y/z' }).workers).toBe(os.availableParallelism());
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@y/z', WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '2' })).toThrow(
      'WORKERS=2 needs DATABASE_URL: the embedded PGlite database serves one process. Set DATABASE_URL to a PostgreSQL database to run several server processes, or unset WORKERS.',
    );
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '0' })).toThrow('WORKERS must be a positive integer, got "0"');
  });

  it('reads replicas only beside a primary, and only postgres:// addresses (their passwords not repeated)', () => {
    expect(loadConfig({ DATA_DIR: dir }).databaseReadUrls).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_READ_URL: 'postgres://r/z' })).toThrow(
      'DATABASE_READ_URL needs DATABASE_URL: read replicas are replicas of a PostgreSQL primary',
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@y/z', DATABASE_READ_URL: 'mysql://u:secret@r/z' }),
    ).toThrow('DATABASE_READ_URL must be postgres:// addresses separated by commas; "mysql://u:***@r/z" is not one');
  });

  it('rejects a bad number', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow('PORT must be a positive integer');
  });
});

describe('requireRole', () => {
  const guard = requireRole('Admin');
  const request = (role: 'Admin' | 'Agent' | 'Investor' | null) =>
    ({ auth: role ? { userId: 'u', sessionId: 's', role } : null }) as never;

  it('lets the role through and refuses others with 403, anonymous with 401', async () => {
    await expect(guard(request('Admin'), {} as never)).resolves.toBeUndefined();
    await expect(guard(request('Agent'), {} as never)).rejects.toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
    await expect(guard(request(null), {} as never)).rejects.toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });
});
