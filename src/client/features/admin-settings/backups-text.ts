import { formatInteger } from '../../../shared/format';
import type { BackupFile, BackupKind, BackupStatus, BackupTrigger } from '../../../shared/schemas/backups';
import { formatInstant } from './format-instant';

/**
 * What the admin "Backups" section says (docs/deploy.md, "Backups and restores"): pure functions of
 * the status GET /admin/backups answers, kept apart from the component so they are tested alone.
 */

/** How often the section asks while a backup is being written (or one "Back up now" started is awaited). */
export const BACKUP_POLL_RUNNING_MS = 2000;
/** How often otherwise, so a scheduled backup shows up without a reload. */
export const BACKUP_POLL_IDLE_MS = 60_000;

export const KIND_LABELS: Record<BackupKind, string> = {
  pglite: 'PGlite data directory',
  postgres: 'PostgreSQL (pg_dump)',
};

export const TRIGGER_LABELS: Record<BackupTrigger, string> = {
  schedule: 'Schedule',
  admin: 'Back up now',
  command: 'npm run backup',
};

/** The server's variables, as the section lists them when there is no schedule. */
export const BACKUP_VARIABLES: ReadonlyArray<{ name: string; what: string }> = [
  { name: 'BACKUP_EVERY_HOURS', what: 'hours between backups, e.g. 24 for a daily one (0 or unset: none)' },
  { name: 'BACKUP_KEEP', what: 'how many of the newest backups to keep (default 7)' },
  { name: 'BACKUP_DIR', what: 'where they are written (default DATA_DIR/backups); keep a copy on another machine too' },
];

/** '812 B', '5.3 MB', '1.2 GB' (powers of 1,000). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${formatInteger(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** 'Every 24 hours', 'Every hour', 'Off'. */
export function scheduleText(everyHours: number): string {
  if (!everyHours) return 'Off';
  return everyHours === 1 ? 'Every hour' : `Every ${formatInteger(everyHours)} hours`;
}

export type BackupsState = 'writing' | 'failing' | 'scheduled' | 'off';

export const STATE_LABELS: Record<BackupsState, string> = {
  writing: 'Writing',
  failing: 'Failing',
  scheduled: 'Scheduled',
  off: 'Not scheduled',
};

export function backupsState(status: Pick<BackupStatus, 'running' | 'lastFailure' | 'everyHours'>): BackupsState {
  if (status.running) return 'writing';
  if (status.lastFailure) return 'failing';
  return status.everyHours ? 'scheduled' : 'off';
}

/** The sentence beside the tag: what is going on, and the newest backup. */
export function backupsSentence(status: Pick<BackupStatus, 'running' | 'backups'>): string {
  const newest = status.backups[0];
  if (status.running) return 'A backup is being written…';
  if (!newest) return 'No backup yet';
  return `Newest backup: ${formatInstant(newest.createdAt)}, ${formatBytes(newest.sizeBytes)}`;
}

/** A backup's checksum as the list shows it: verified (read back), or what is wrong. */
export function checksumText(backup: Pick<BackupFile, 'verified' | 'problem'>): string {
  if (backup.problem) return backup.problem;
  return backup.verified ? 'Verified' : 'Not verified';
}

/** The first characters of a SHA-256, for a glance; the whole one is in the title and the manifest. */
export const shortSha = (sha256: string) => `${sha256.slice(0, 12)}…`;

/** What "Back up now" waits for: a backup newer than the newest before the click, or a failure after it. */
export interface AwaitedBackup {
  /** The newest backup's name before the click. */
  newestBefore: string | null;
  /** The failure shown before the click (its time), which is not the awaited one's. */
  failureBefore: string | null;
}

export function awaitedBackup(status: Pick<BackupStatus, 'backups' | 'lastFailure'> | undefined): AwaitedBackup {
  return { newestBefore: status?.backups[0]?.name ?? null, failureBefore: status?.lastFailure?.at ?? null };
}

export interface BackupOutcome {
  ok: boolean;
  message: string;
}

/** How the awaited backup went, once the status shows it; null while it is still being written. */
export function awaitedBackupOutcome(awaited: AwaitedBackup, status: BackupStatus): BackupOutcome | null {
  if (status.running) return null;
  const newest = status.backups[0];
  if (newest && newest.name !== awaited.newestBefore) {
    return { ok: true, message: `Backup written: ${newest.name} (${formatBytes(newest.sizeBytes)})` };
  }
  const failure = status.lastFailure;
  if (failure && failure.at !== awaited.failureBefore) return { ok: false, message: failure.error };
  return null;
}

export function runAnswerMessage(answer: { started: boolean; message?: string }): string {
  if (answer.message) return answer.message;
  return answer.started ? 'Backup started' : 'A backup is already being written: following it';
}

export function backupPollInterval(status: Pick<BackupStatus, 'running'> | undefined, awaiting: boolean): number {
  return awaiting || status?.running ? BACKUP_POLL_RUNNING_MS : BACKUP_POLL_IDLE_MS;
}
