import { spawn } from 'node:child_process';

/**
 * PostgreSQL's own tools, run as child processes: pg_dump writes a backup, pg_restore reads one. They
 * come with PostgreSQL's client package and must be of the server's major version or newer. The
 * password is handed over in PGPASSWORD, never on the command line (which `ps` shows).
 */

const MISSING = (tool: string) =>
  `${tool} was not found on this machine: install PostgreSQL's client tools of the server's major version or newer ` +
  `(e.g. apt install postgresql-client-15), or put their bin directory on PATH`;

/** libpq's connection parameters (PostgreSQL 15 to 18): what the tools take in an address's query. */
const LIBPQ_PARAMETERS = new Set([
  'host',
  'hostaddr',
  'port',
  'dbname',
  'user',
  'passfile',
  'require_auth',
  'channel_binding',
  'connect_timeout',
  'client_encoding',
  'options',
  'application_name',
  'fallback_application_name',
  'keepalives',
  'keepalives_idle',
  'keepalives_interval',
  'keepalives_count',
  'tcp_user_timeout',
  'replication',
  'gssencmode',
  'sslmode',
  'sslnegotiation',
  'sslcompression',
  'sslcert',
  'sslkey',
  'sslpassword',
  'sslcertmode',
  'sslrootcert',
  'sslcrl',
  'sslcrldir',
  'sslsni',
  'requirepeer',
  'ssl_min_protocol_version',
  'ssl_max_protocol_version',
  'min_protocol_version',
  'max_protocol_version',
  'krbsrvname',
  'gsslib',
  'gssdelegation',
  'service',
  'target_session_attrs',
  'load_balance_hosts',
]);
const LIBPQ_SSLMODES = new Set(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']);

/** The address is not one the tools (or this module) can read: what to write instead. */
const NOT_A_URL =
  'The database address is not a postgres:// URL: pg_dump and pg_restore are given it as one. Write it as ' +
  'postgres://USER@HOST:5432/DATABASE (a Unix socket: postgres://USER@/DATABASE?host=/var/run/postgresql; ' +
  'the password in PGPASSWORD or in the URL)';

/** What libpq (pg_dump, pg_restore) is given for an address, and what was changed on the way. */
export interface LibpqConnection {
  /** The address as a libpq URI, without its password. */
  dbname: string;
  /** The password, for PGPASSWORD (never on the command line); none: libpq's own (PGPASSWORD, ~/.pgpass). */
  password?: string;
  /** node-postgres options translated or left out, in words (never a value: an option may hold a secret). */
  notes: string[];
}

const NO_HOST = 'dealmap-no-host';

/** A postgres:// address as a URL (`noHost`: written without a host, postgres://user@/db); null when it is none. */
function parseAddress(address: string): { url: URL; noHost: boolean } | null {
  let url: URL;
  let noHost = false;
  try {
    url = new URL(address);
  } catch {
    // postgres://user@/db (a Unix socket in ?host=): WHATWG URLs want a host after the user.
    try {
      url = new URL(address.replace('@/', `@${NO_HOST}/`));
      noHost = true;
    } catch {
      return null;
    }
  }
  return url.protocol === 'postgres:' || url.protocol === 'postgresql:' ? { url, noHost } : null;
}

/**
 * An address as node-postgres reads it (DATABASE_URL, --to-database) turned into one libpq reads:
 * node-postgres's own query options, which libpq refuses ("invalid URI query parameter"), translated
 * (`ssl=true`/`ssl=1`/`sslmode=no-verify` → `sslmode=require`, `ssl=0` → `sslmode=disable`) or left
 * out with a note; the password taken out for PGPASSWORD. Throws, in words, on an address that is
 * not a postgres:// URL (libpq's `key=value` form, a bare socket path).
 */
export function connectionFor(databaseUrl: string): LibpqConnection {
  const parsed = parseAddress(databaseUrl);
  if (!parsed) throw new Error(NOT_A_URL);
  const { url, noHost } = parsed;
  const notes: string[] = [];
  let password = url.password ? decodeURIComponent(url.password) : undefined;
  const given = [...url.searchParams.entries()];
  const query: Array<[string, string]> = [];
  const sslmode = given.find(([key]) => key === 'sslmode')?.[1];
  const ssl = given.find(([key]) => key === 'ssl')?.[1];
  if (sslmode !== undefined) {
    if (sslmode === 'no-verify') {
      query.push(['sslmode', 'require']);
      notes.push(
        "sslmode=no-verify (node-postgres's) is given to pg_dump and pg_restore as sslmode=require: encrypted, the certificate not checked",
      );
    } else if (LIBPQ_SSLMODES.has(sslmode)) {
      query.push(['sslmode', sslmode]);
    } else {
      throw new Error(
        `The database address's sslmode=${sslmode} is not one pg_dump and pg_restore know: use disable, prefer, require, verify-ca or verify-full`,
      );
    }
    if (ssl !== undefined)
      notes.push('ssl= is left out for pg_dump and pg_restore: sslmode= says it (as node-postgres reads it too)');
  } else if (ssl !== undefined) {
    if (ssl === 'true' || ssl === '1' || ssl === 'no-verify') {
      query.push(['sslmode', 'require']);
      notes.push(
        `ssl=${ssl} (node-postgres's) is given to pg_dump and pg_restore as sslmode=require: encrypted, the certificate not checked ` +
          '(for a checked one, set sslmode=verify-full&sslrootcert=FILE instead)',
      );
    } else if (ssl === '0' || ssl === 'false') {
      query.push(['sslmode', 'disable']);
    } else {
      throw new Error(
        `The database address's ssl=${ssl} is not one Dealmap reads: use ssl=true, or sslmode=require (or verify-full)`,
      );
    }
  }
  for (const [key, value] of given) {
    if (key === 'ssl' || key === 'sslmode') continue;
    if (key === 'password') {
      // node-postgres takes it over the URL's; it goes to PGPASSWORD, never on a command line.
      password = value;
    } else if (LIBPQ_PARAMETERS.has(key)) {
      query.push([key, value]);
    } else {
      notes.push(`${key}= is node-postgres's own, not libpq's: left out for pg_dump and pg_restore`);
    }
  }
  const host = noHost ? '' : url.hostname;
  const dbname =
    `postgresql://${url.username ? `${url.username}@` : ''}${host}${url.port ? `:${url.port}` : ''}${url.pathname}` +
    (query.length ? `?${query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}` : '');
  return { dbname, password, notes };
}

/** The database's name in an address, for messages (never its password). */
export function databaseNameOf(databaseUrl: string): string {
  const parsed = parseAddress(databaseUrl);
  return (parsed && decodeURIComponent(parsed.url.pathname.replace(/^\//, ''))) || 'the database';
}

/** The address with another database's name and no password: where to restore into a new database. */
export function addressWithDatabase(databaseUrl: string, database: string): string {
  const parsed = parseAddress(databaseUrl);
  if (!parsed) return `postgres://USER@HOST:5432/${database}`;
  const { url, noHost } = parsed;
  url.password = '';
  url.pathname = `/${encodeURIComponent(database)}`;
  return noHost ? url.toString().replace(`@${NO_HOST}/`, '@/') : url.toString();
}

/** The tools' environment: ours, PGPASSWORD when the address holds the password, PGSSLMODE as libpq reads it. */
function toolEnv(password?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password !== undefined) env.PGPASSWORD = password;
  // node-postgres reads PGSSLMODE=no-verify too; libpq refuses it.
  if (env.PGSSLMODE === 'no-verify') env.PGSSLMODE = 'require';
  return env;
}

interface RunOptions {
  password?: string;
  signal?: AbortSignal;
  /** What connectionFor changed in the address: said with a failure, where it may be why. */
  notes?: string[];
}

/** Runs `tool` with `args`; resolves with its stdout, rejects with its last error lines in words. */
function run(tool: string, args: string[], { password, signal, notes = [] }: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: toolEnv(password), stdio: ['ignore', 'pipe', 'pipe'], signal });
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
      reject(new Error(`${tool} failed: ${said}${notes.length ? ` (the address as given to it: ${notes.join('; ')})` : ''}`));
    });
  });
}

/** pg_dump --format=custom of the database (or of one schema) into `file`; `signal` stops it. */
export async function pgDump(databaseUrl: string, file: string, schema: string | null, signal?: AbortSignal): Promise<void> {
  const { dbname, password, notes } = connectionFor(databaseUrl);
  await run(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${file}`, ...(schema ? [`--schema=${schema}`] : []), `--dbname=${dbname}`],
    { password, signal, notes },
  );
}

/** Reads a custom-format archive's table of contents (pg_restore --list): it is whole and readable. */
export async function listArchive(file: string): Promise<string> {
  return run('pg_restore', ['--list', file]);
}

/** The tables a custom-format archive creates, as `schema.name` (from its table of contents). */
export async function archiveTables(file: string): Promise<Set<string>> {
  const tables = new Set<string>();
  // e.g. "218; 1259 16390 TABLE public kysely_migration postgres": id; catalog oid; type, schema, name, owner.
  for (const line of (await listArchive(file)).split('\n')) {
    const match = /^\d+; \d+ \d+ TABLE (\S+) (.+) (\S+)$/.exec(line.trim());
    if (match) tables.add(`${match[1]}.${match[2]}`);
  }
  return tables;
}

/**
 * pg_restore into a database, in one transaction (a failure leaves it as it was), its objects owned by
 * whoever restores (the role the servers use). `clean`: the backup's objects are dropped first.
 */
export async function pgRestore(databaseUrl: string, file: string, clean: boolean): Promise<void> {
  const { dbname, password, notes } = connectionFor(databaseUrl);
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
    { password, notes },
  );
}
