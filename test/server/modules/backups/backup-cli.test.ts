/**
 * `npm run backup` and `npm run restore` as a person runs them (the CLIs under ts-node, as the npm
 * scripts run their build): a backup of a stopped PGlite data directory and of a PostgreSQL database,
 * restored into a new directory or database where the data written before is there; a damaged copy
 * refused with a message and exit code 1, its target left as it was.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, DATABASES, json, login, signup } from '../../helpers';
import { createPostgresDatabase, startApp, tempDir } from './backup-fixtures';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

jest.setTimeout(180_000);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs src/server/cli/<name>.ts with `args` and `env` on top of this process's environment. */
function cli(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'src', 'server', 'cli', `${name}.ts`), ...args],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A copy of `file` (and its manifest) with one byte changed in the middle: a damaged backup. */
function damagedCopy(file: string, dir: string): string {
  const copy = path.join(dir, path.basename(file));
  const bytes = fs.readFileSync(file);
  bytes[Math.floor(bytes.length / 2)] ^= 0xff;
  fs.writeFileSync(copy, bytes);
  fs.copyFileSync(`${file}.json`, `${copy}.json`);
  return copy;
}

describe.each(DATABASES)('npm run backup and npm run restore on $name', (database) => {
  const dirs: string[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up, restores into a new place with the data, and refuses a damaged copy leaving its target alone', async () => {
    const dataDir = tempDir('cli-source');
    dirs.push(dataDir);
    const source = database.url ? await createPostgresDatabase(database.url, 'dealmap_cli_source') : null;
    if (source) drops.push(source.drop);
    const sourceConfig = source ? { databaseUrl: source.url, dataDir } : { dataDir };
    const before = await startApp(sourceConfig);
    const user = await signup(before);
    await before.close();

    const env = { DATA_DIR: dataDir, ...(source ? { DATABASE_URL: source.url } : { DATABASE_URL: '' }) };
    const backup = await cli('backup', [], env);
    expect(backup.stderr).toMatch(/Backup written: [\d,]+ bytes, SHA-256 [0-9a-f]{64}/);
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim();
    expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
    expect(fs.existsSync(`${file}.json`)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const target = source ? await createPostgresDatabase(database.url!, 'dealmap_cli_target') : null;
    if (target) drops.push(target.drop);
    const targetDir = tempDir('cli-target');
    dirs.push(targetDir);
    const restoreArgs = target ? ['--to-database', 'env:CLI_TARGET_URL'] : ['--to-data-dir', targetDir];
    const restore = await cli('restore', [file, ...restoreArgs], { CLI_TARGET_URL: target?.url ?? '' });
    expect({ code: restore.code, stderr: restore.stderr }).toMatchObject({ code: 0 });

    const after = await startApp(target ? { databaseUrl: target.url, dataDir: targetDir } : { dataDir: targetDir });
    try {
      expect((await login(after, user.email, user.password)).statusCode).toBe(200);
      expect(json(await login(after, ADMIN.email, ADMIN.password)).data.token).toEqual(expect.any(String));
    } finally {
      await after.close();
    }

    const damagedDir = tempDir('cli-damaged');
    dirs.push(damagedDir);
    const damaged = damagedCopy(file, damagedDir);
    const untouched = source ? await createPostgresDatabase(database.url!, 'dealmap_cli_untouched') : null;
    if (untouched) drops.push(untouched.drop);
    const untouchedDir = tempDir('cli-untouched');
    dirs.push(untouchedDir);
    const refused = await cli(
      'restore',
      [damaged, ...(untouched ? ['--to-database', 'env:CLI_TARGET_URL'] : ['--to-data-dir', untouchedDir])],
      { CLI_TARGET_URL: untouched?.url ?? '' },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/SHA-256/);
    expect(refused.stderr).toMatch(/Nothing was (restored|touched|changed)/i);
    if (untouched) {
      const check = await startApp({ databaseUrl: untouched.url, dataDir: untouchedDir });
      try {
        // The empty database got only what a first start writes: the refused user is not there.
        expect((await login(check, user.email, user.password)).statusCode).toBe(401);
      } finally {
        await check.close();
      }
    } else {
      expect(fs.readdirSync(untouchedDir)).toEqual([]);
    }
  });
});
