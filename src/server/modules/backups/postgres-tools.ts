import { spawn } from 'node:child_process';

/**
 * PostgreSQL's own tools, run as child processes: pg_dump writes a backup, pg_restore reads one. They
 * come with PostgreSQL's client package and must be of the server's major version or newer. The
 * password is handed over in PGPASSWORD, never on the command line (which `ps` shows).
 */

const MISSING = (tool: string) =>
  `${tool} was not found on this machine: install PostgreSQL's client tools of the server's major version or newer ` +
  `(e.g. apt install postgresql-client-15), or put their bin directory on PATH`;

/** A connection string for the tools: the address without its password, and the password apart. */
export function connectionFor(databaseUrl: string): { dbname: string; password?: string } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return { dbname: databaseUrl };
  }
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { dbname: url.toString(), password };
}

/** The database's name in an address, for messages (never its password). */
export function databaseNameOf(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || databaseUrl;
  } catch {
    return 'the database';
  }
}

/** Runs `tool` with `args`; resolves with its stdout, rejects with its last error lines in words. */
function run(tool: string, args: string[], password?: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...(password !== undefined ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ABORT_ERR') reject(new Error(`${tool} was stopped: the server is stopping`));
      else reject(new Error(error.code === 'ENOENT' ? MISSING(tool) : `${tool} could not be started: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const lines = Buffer.concat(err)
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const said = lines.slice(-3).join(' ') || (killedBy ? `stopped by ${killedBy}` : `exit status ${code}`);
      reject(new Error(`${tool} failed: ${said}`));
    });
  });
}

/** pg_dump --format=custom of the database (or of one schema) into `file`; `signal` stops it. */
export async function pgDump(databaseUrl: string, file: string, schema: string | null, signal?: AbortSignal): Promise<void> {
  const { dbname, password } = connectionFor(databaseUrl);
  await run(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${file}`, ...(schema ? [`--schema=${schema}`] : []), `--dbname=${dbname}`],
    password,
    signal,
  );
}

/** Reads a custom-format archive's table of contents (pg_restore --list): it is whole and readable. */
export async function listArchive(file: string): Promise<void> {
  await run('pg_restore', ['--list', file]);
}

/**
 * pg_restore into a database, in one transaction (a failure leaves it as it was), its objects owned by
 * whoever restores (the role the servers use). `clean`: the backup's objects are dropped first.
 */
export async function pgRestore(databaseUrl: string, file: string, clean: boolean): Promise<void> {
  const { dbname, password } = connectionFor(databaseUrl);
  await run(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      '--no-password',
      ...(clean ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      file,
    ],
    password,
  );
}
