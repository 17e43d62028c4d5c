import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { BackupFailure, BackupFile, BackupKind, BackupTrigger } from '../../../shared/schemas/backups';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files';
import { listArchive } from './postgres-tools';

/**
 * The backup files (docs/deploy.md, "Backups and restores"; docs/decisions.md, "Backups"): one file a
 * backup in BACKUP_DIR, named for its time and kind, and beside it its manifest `<file>.json` (what it
 * is, its SHA-256, its size, the migration it holds). Each is written under a temporary name, flushed
 * and renamed; the manifest last, so a backup without one was never finished. The files are the
 * state: no table keeps them.
 */

export const MANIFEST_FORMAT = 'dealmap-backup';
export const MANIFEST_VERSION = 1;

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: typeof MANIFEST_VERSION;
  kind: BackupKind;
  /** The backup's file name when it was written. */
  file: string;
  createdAt: string;
  sizeBytes: number;
  sha256: string;
  migration: string | null;
  trigger: BackupTrigger;
  durationMs: number;
  /** When the written file was read back: its SHA-256 computed from the disk and its archive read through. */
  verifiedAt: string;
  /** PostgreSQL: the one schema dumped (the tests' isolation); null for the whole database. */
  schema: string | null;
}

const EXTENSIONS: Record<BackupKind, string> = { pglite: '.pglite.tar.gz', postgres: '.pgdump' };
export const KIND_NAMES: Record<BackupKind, string> = {
  pglite: 'a PGlite (embedded database) backup',
  postgres: 'a PostgreSQL backup (pg_dump)',
};
const MANIFEST_SUFFIX = '.json';
const PARTIAL_SUFFIX = '.partial';
const FAILURE_FILE = '.dealmap-backup-failure.json';
/** A temporary file written to within this long means a backup is being written (by any server). */
const RUNNING_WITHIN_MS = 10 * 60_000;
/**
 * A temporary file, or a backup file without its manifest (a crash between the file's rename and its
 * manifest), older than this was left by a crash: the next backup deletes it.
 */
const LEFTOVER_AFTER_MS = 24 * 60 * 60_000;

/** What a restore refuses, in words a person can act on; the target has not been touched. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

/** dealmap-2026-11-29T14-00-00Z.pglite.tar.gz: the time (UTC, to the second) and the kind. */
export function backupFileName(kind: BackupKind, at: Date, withMilliseconds = false): string {
  const iso = at.toISOString();
  const stamp = (withMilliseconds ? iso.replace(/\.(\d{3})Z$/, '-$1Z') : iso.replace(/\.\d{3}Z$/, 'Z')).replace(/:/g, '-');
  return `dealmap-${stamp}${EXTENSIONS[kind]}`;
}

export const manifestPathOf = (file: string) => `${file}${MANIFEST_SUFFIX}`;

/** Whether `name` is a backup file's name (not its manifest, not a temporary file). */
const isBackupName = (name: string) => name.startsWith('dealmap-') && Object.values(EXTENSIONS).some((ext) => name.endsWith(ext));

/**
 * Creates BACKUP_DIR (and its parents) if missing, and makes it 0700 (private-files.ts) also when it
 * was there already with a looser mode. When it cannot be (a directory of another user's, a share
 * that keeps its own modes), `warn` is told and the backup goes on: each file is 0600 all the same.
 */
export function ensureBackupDir(dir: string, warn: (message: string) => void = () => undefined): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw new Error(`BACKUP_DIR ${dir} cannot be created: ${reason(error)}`);
  }
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) throw new Error(`BACKUP_DIR ${dir} is not a directory`);
  if ((stat.mode & 0o777) === PRIVATE_DIR_MODE) return;
  try {
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    warn(
      `BACKUP_DIR ${dir} is mode 0${(stat.mode & 0o777).toString(8)} and cannot be made 0700 (${reason(error)}): ` +
        'others may list its backups (each file is still 0600, readable by this user only)',
    );
  }
}

/**
 * Creates `file`, new and empty, mode 0600 whatever the umask: for a tool that writes into the file
 * it is given (pg_dump --file truncates an existing file and keeps its mode), so what it writes is
 * never readable by others, not even while it is written.
 */
export async function createPrivateFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } finally {
    await handle.close();
  }
}

/** An error's cause in words: the system's message without its syscall prefix. */
export function reason(error: unknown): string {
  // Not `instanceof Error`: Node's own errors come from another realm under Jest.
  if (typeof error !== 'object' || error === null || typeof (error as Error).message !== 'string') return String(error);
  const { code, message } = error as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ENOTDIR: 'a part of the path is a file, not a directory',
    EROFS: 'the file system is read-only',
    EEXIST: 'a file of that name is in the way',
  };
  return (code && words[code]) ?? message;
}

async function fsyncPath(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `data` to `file` atomically: a temporary file beside it, flushed, renamed. */
async function writeAtomically(file: string, data: string): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}${PARTIAL_SUFFIX}`);
  await fs.promises.writeFile(partial, data, { mode: PRIVATE_FILE_MODE });
  await fsyncPath(partial);
  await fs.promises.rename(partial, file);
}

export async function sha256Of(file: string): Promise<{ sha256: string; sizeBytes: number }> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  await pipeline(
    fs.createReadStream(file),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        sizeBytes += chunk.length;
        done();
      },
    }),
  );
  return { sha256: hash.digest('hex'), sizeBytes };
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PGDMP_MAGIC = Buffer.from('PGDMP');

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reads the archive through: a PGlite tarball is decompressed whole (gzip's own check) and must begin
 * with a tar entry; a pg_dump file must start as one and pg_restore must read its table of contents.
 * Throws, in words, when it is not so.
 */
export async function checkArchive(kind: BackupKind, file: string): Promise<void> {
  const head = await firstBytes(file, 5);
  if (kind === 'pglite') {
    if (!head.subarray(0, 2).equals(GZIP_MAGIC)) throw new Error('it is not a gzipped tarball');
    let header = Buffer.alloc(0);
    await pipeline(
      fs.createReadStream(file),
      createGunzip(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (header.length < 512) header = Buffer.concat([header, chunk]).subarray(0, 512);
          done();
        },
      }),
    ).catch((error: unknown) => {
      throw new Error(`it does not decompress (${reason(error)})`);
    });
    if (header.length < 512 || header.subarray(257, 262).toString('latin1') !== 'ustar') {
      throw new Error('it is not a tarball of a data directory');
    }
    return;
  }
  if (!head.equals(PGDMP_MAGIC)) throw new Error('it is not a pg_dump custom-format file');
  await listArchive(file);
}

/** What a new backup is, before its file exists. */
export interface NewBackup {
  kind: BackupKind;
  trigger: BackupTrigger;
  createdAt: Date;
  migration: string | null;
  schema: string | null;
}

export interface WriteBackupOptions {
  /** Told what is wrong but does not stop the backup (BACKUP_DIR's mode). */
  warn?: (message: string) => void;
}

/**
 * Writes one backup into `dir`: `produce` writes the database to the temporary path it is given (for
 * a PostgreSQL backup an empty file created 0600 before, which pg_dump writes into; for PGlite a new
 * file its dump creates, 0600 too); the file is then hashed and read through from the disk, flushed
 * and renamed to its name, and its manifest written after it the same way. A failure leaves no file
 * under a backup's name.
 */
export async function writeBackup(
  dir: string,
  backup: NewBackup,
  produce: (partialPath: string) => Promise<void>,
  options: WriteBackupOptions = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  ensureBackupDir(dir, options.warn);
  let name = backupFileName(backup.kind, backup.createdAt);
  if (fs.existsSync(path.join(dir, name))) name = backupFileName(backup.kind, backup.createdAt, true);
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}${PARTIAL_SUFFIX}`);
  const started = Date.now();
  let created = false;
  try {
    // PGlite's dump creates its file itself (exclusively, 0600); pg_dump writes into the one given.
    if (backup.kind === 'postgres') await createPrivateFile(partial);
    created = true;
    await produce(partial);
    await fs.promises.chmod(partial, PRIVATE_FILE_MODE);
    await fsyncPath(partial);
    const { sha256, sizeBytes } = await sha256Of(partial);
    if (sizeBytes === 0) throw new Error('the database was written as an empty file');
    try {
      await checkArchive(backup.kind, partial);
    } catch (error) {
      throw new Error(`the file written does not read back: ${reason(error)}`);
    }
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      kind: backup.kind,
      file: name,
      createdAt: backup.createdAt.toISOString(),
      sizeBytes,
      sha256,
      migration: backup.migration,
      trigger: backup.trigger,
      durationMs: Date.now() - started,
      verifiedAt: new Date().toISOString(),
      schema: backup.schema,
    };
    await fs.promises.rename(partial, file);
    await writeAtomically(manifestPathOf(file), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsyncPath(dir).catch(() => undefined);
    return { file, manifest };
  } finally {
    // Not another backup's file of the same name (a clash of times): only one this call made.
    if (created) await fs.promises.rm(partial, { force: true }).catch(() => undefined);
  }
}

/** A manifest's text as ours, or a reason it is not one. */
export function parseManifest(text: string): BackupManifest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  const m = value as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== MANIFEST_FORMAT) return 'it does not say it is a Dealmap backup';
  if (m.formatVersion !== MANIFEST_VERSION) {
    return `it is of format version ${String(m.formatVersion)}, this Dealmap reads version ${MANIFEST_VERSION}`;
  }
  const valid =
    (m.kind === 'pglite' || m.kind === 'postgres') &&
    typeof m.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(m.sha256) &&
    typeof m.sizeBytes === 'number' &&
    typeof m.createdAt === 'string' &&
    !Number.isNaN(Date.parse(m.createdAt)) &&
    (m.migration === null || typeof m.migration === 'string');
  return valid ? (m as BackupManifest) : 'some of its fields are missing or wrong';
}

/** The backups in `dir` (those with a manifest), newest first; and whether one is being written now. */
export async function listBackups(dir: string, now = Date.now()): Promise<{ backups: BackupFile[]; writing: boolean }> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    // Nothing there yet (or the path is wrong: the backup says so when it fails).
    if (code === 'ENOENT' || code === 'ENOTDIR') return { backups: [], writing: false };
    throw error;
  }
  const backups: BackupFile[] = [];
  let writing = false;
  for (const name of names) {
    if (name.startsWith('.dealmap-') && name.endsWith(PARTIAL_SUFFIX)) {
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
      if (stat && now - stat.mtimeMs < RUNNING_WITHIN_MS) writing = true;
      continue;
    }
    if (!name.startsWith('dealmap-') || !name.endsWith(MANIFEST_SUFFIX)) continue;
    const text = await fs.promises.readFile(path.join(dir, name), 'utf8').catch(() => null);
    const manifest = text === null ? null : parseManifest(text);
    if (!manifest || typeof manifest === 'string') continue;
    const fileName = name.slice(0, -MANIFEST_SUFFIX.length);
    const stat = await fs.promises.stat(path.join(dir, fileName)).catch(() => null);
    const problem = !stat
      ? 'The backup file is missing: only its manifest is left'
      : stat.size !== manifest.sizeBytes
        ? `The file is ${stat.size.toLocaleString('en-US')} bytes, its manifest says ${manifest.sizeBytes.toLocaleString('en-US')}: it was cut short or changed after it was written`
        : null;
    backups.push({
      name: fileName,
      kind: manifest.kind,
      trigger: manifest.trigger,
      createdAt: new Date(manifest.createdAt).toISOString(),
      sizeBytes: manifest.sizeBytes,
      sha256: manifest.sha256,
      migration: manifest.migration,
      durationMs: Math.max(0, Math.round(manifest.durationMs ?? 0)),
      verified: problem === null && typeof manifest.verifiedAt === 'string',
      problem,
    });
  }
  backups.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.name.localeCompare(a.name));
  return { backups, writing };
}

/**
 * The newest backup whose file is there whole (no `problem`): what "the newest backup" means for the
 * schedule, the status and the metrics. null when there is none.
 */
export function newestGoodBackup<B extends Pick<BackupFile, 'createdAt' | 'name' | 'problem'>>(backups: readonly B[]): B | null {
  let newest: B | null = null;
  for (const backup of backups) {
    if (backup.problem !== null) continue;
    if (
      !newest ||
      Date.parse(backup.createdAt) > Date.parse(newest.createdAt) ||
      (backup.createdAt === newest.createdAt && backup.name > newest.name)
    ) {
      newest = backup;
    }
  }
  return newest;
}

/**
 * Deletes all but the `keep` newest backups (file and manifest) and returns their names; and what a
 * crash left: temporary files, and backup files without a manifest (a crash between the two renames),
 * once older than LEFTOVER_AFTER_MS (a younger one may be another server's a moment before its manifest).
 */
export async function pruneBackups(dir: string, keep: number, now = Date.now()): Promise<string[]> {
  const { backups } = await listBackups(dir, now);
  const removed: string[] = [];
  // BACKUP_KEEP counts whole backups: a broken newer one (file gone or cut short) pushes none of them
  // out; it goes itself once it is older than every one kept.
  const kept = backups.filter((b) => b.problem === null).slice(0, keep);
  const keptNames = new Set(kept.map((b) => b.name));
  const oldestKept = kept.length === keep ? kept[kept.length - 1].createdAt : null;
  const outgoing = backups.filter((b) => !keptNames.has(b.name) && oldestKept !== null && b.createdAt < oldestKept);
  for (const old of outgoing) {
    const file = path.join(dir, old.name);
    // The manifest first: a backup without one is no longer listed, whatever happens next.
    await fs.promises.rm(manifestPathOf(file), { force: true });
    await fs.promises.rm(file, { force: true });
    removed.push(old.name);
  }
  const names = await fs.promises.readdir(dir);
  const present = new Set(names);
  for (const name of names) {
    const partial = name.startsWith('.dealmap-') && name.endsWith(PARTIAL_SUFFIX);
    const orphan = isBackupName(name) && !present.has(`${name}${MANIFEST_SUFFIX}`);
    if (!partial && !orphan) continue;
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs <= LEFTOVER_AFTER_MS) continue;
    await fs.promises.rm(path.join(dir, name), { force: true });
  }
  return removed;
}

/** The last failure written to `dir` (so every server sharing it, and a restart, sees it); null when none. */
export async function readFailure(dir: string): Promise<BackupFailure | null> {
  const text = await fs.promises.readFile(path.join(dir, FAILURE_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const failure = JSON.parse(text) as Partial<BackupFailure>;
    if (typeof failure.at !== 'string' || typeof failure.error !== 'string' || Number.isNaN(Date.parse(failure.at))) return null;
    return { at: failure.at, error: failure.error, trigger: failure.trigger ?? 'schedule' };
  } catch {
    return null;
  }
}

export async function writeFailure(dir: string, failure: BackupFailure): Promise<void> {
  await writeAtomically(path.join(dir, FAILURE_FILE), `${JSON.stringify(failure)}\n`);
}

export async function clearFailure(dir: string): Promise<void> {
  await fs.promises.rm(path.join(dir, FAILURE_FILE), { force: true });
}

/**
 * Checks a backup before a restore touches anything: its manifest beside it (`<file>.json`, or the
 * manifest named), that it is ours and of a kind this Dealmap reads, the file's size and SHA-256
 * against it, and the archive read through. Throws BackupRefused with what to do.
 */
export async function checkBackup(given: string): Promise<{ file: string; manifest: BackupManifest }> {
  const file = given.endsWith(MANIFEST_SUFFIX) ? given.slice(0, -MANIFEST_SUFFIX.length) : given;
  const manifestPath = manifestPathOf(file);
  const nothing = 'Nothing was restored.';
  if (!fs.existsSync(file)) {
    throw new BackupRefused(`No such file: ${file}. ${nothing}`);
  }
  if (!fs.statSync(file).isFile()) throw new BackupRefused(`${file} is not a file. ${nothing}`);
  const text = await fs.promises.readFile(manifestPath, 'utf8').catch(() => null);
  if (text === null) {
    throw new BackupRefused(
      `${file} is not a Dealmap backup, or its manifest was left behind: ${path.basename(manifestPath)} is not beside it. ` +
        `A Dealmap backup is two files, the backup and its .json manifest (its kind and SHA-256): copy both. ${nothing}`,
    );
  }
  const manifest = parseManifest(text);
  if (typeof manifest === 'string') {
    throw new BackupRefused(`${manifestPath} is not a Dealmap backup manifest (${manifest}). ${nothing}`);
  }
  const { size } = fs.statSync(file);
  if (size !== manifest.sizeBytes) {
    throw new BackupRefused(
      `${file} is damaged: it is ${size.toLocaleString('en-US')} bytes and its manifest says ${manifest.sizeBytes.toLocaleString('en-US')} ` +
        `(a copy cut short?). ${nothing} Copy it again from where it was written, or restore an older backup.`,
    );
  }
  const { sha256 } = await sha256Of(file);
  if (sha256 !== manifest.sha256) {
    throw new BackupRefused(
      `${file} is damaged: its SHA-256 is ${sha256}, its manifest says ${manifest.sha256}. ${nothing} ` +
        'Copy it again from where it was written, or restore an older backup.',
    );
  }
  try {
    await checkArchive(manifest.kind, file);
  } catch (error) {
    throw new BackupRefused(
      `${file} does not hold what its manifest says (${KIND_NAMES[manifest.kind]}): ${reason(error)}. ${nothing}`,
    );
  }
  return { file, manifest };
}
