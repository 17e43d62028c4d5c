import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from './common';

/**
 * The database's backups (docs/deploy.md, "Backups and restores"): the files in BACKUP_DIR, the
 * server's schedule, and "Back up now", as Admin Settings → Backups shows them.
 */

/** pglite: PGlite's data directory as a gzipped tarball (.pglite.tar.gz); postgres: pg_dump's custom format (.pgdump). */
export const BACKUP_KINDS = ['pglite', 'postgres'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** Who took a backup: the schedule (BACKUP_EVERY_HOURS), an admin's "Back up now", or `npm run backup`. */
export const BACKUP_TRIGGERS = ['schedule', 'admin', 'command'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** One backup in BACKUP_DIR: the file and what its manifest (`<file>.json`) says of it. */
export const BackupFile = Type.Object({
  /** The file's name in BACKUP_DIR, e.g. dealmap-2026-11-29T14-00-00Z.pglite.tar.gz. */
  name: Type.String(),
  kind: StringEnum(BACKUP_KINDS),
  trigger: StringEnum(BACKUP_TRIGGERS),
  createdAt: DateTime,
  sizeBytes: Type.Integer(),
  /** SHA-256 of the file, hex: what a restore checks before it touches anything. */
  sha256: Type.String(),
  /** The newest database migration it holds (a restore refuses one newer than the server knows). */
  migration: Nullable(Type.String()),
  durationMs: Type.Integer(),
  /** Read back after it was written (SHA-256 and a readable archive), and still of its recorded size. */
  verified: Type.Boolean(),
  /** What is wrong with it now, in words (missing, or not of its recorded size); null when nothing. */
  problem: Nullable(Type.String()),
});
export type BackupFile = Static<typeof BackupFile>;

/** A backup that failed: when, who asked, and why in words. */
export const BackupFailure = Type.Object({
  at: DateTime,
  trigger: StringEnum(BACKUP_TRIGGERS),
  error: Type.String(),
});
export type BackupFailure = Static<typeof BackupFailure>;

/** GET /admin/backups (Admin). */
export const BackupStatus = Type.Object({
  /** The kind this server's database backs up as. */
  kind: StringEnum(BACKUP_KINDS),
  /** BACKUP_DIR, on the server. */
  dir: Type.String(),
  /** BACKUP_EVERY_HOURS; 0: no schedule. */
  everyHours: Type.Integer(),
  /** BACKUP_KEEP: the newest this many are kept. */
  keep: Type.Integer(),
  /** A backup is being written (by this server, or another one into the same BACKUP_DIR). */
  running: Type.Boolean(),
  /** When the schedule takes the next one; null without a schedule. */
  nextAt: Nullable(DateTime),
  /** The last failure, when it is newer than the newest backup. */
  lastFailure: Nullable(BackupFailure),
  /** The backups in BACKUP_DIR, newest first (at most 50). */
  backups: Type.Array(BackupFile),
});
export type BackupStatus = Static<typeof BackupStatus>;

/**
 * POST /admin/backups (Admin): "Back up now"; 202, started (false: one is already being written, here
 * or into BACKUP_DIR, or another server holds the backup lock), and when not started, why in words.
 */
export const BackupRunAnswer = Type.Object({
  started: Type.Boolean(),
  message: Type.Optional(Type.String()),
  status: BackupStatus,
});
export type BackupRunAnswer = Static<typeof BackupRunAnswer>;
