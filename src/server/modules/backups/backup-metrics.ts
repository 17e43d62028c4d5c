import { Gauge } from 'prom-client';
import type { BackupFile } from '../../../shared/schemas/backups';
import { metricsRegistry } from '../../lib/metrics/registry';
import { listBackups, newestGoodBackup } from './backup-files';

/**
 * The newest backup's time and size (each run is also a `backup` job run: job-metrics.ts). Set when a
 * backup succeeds, and read again from BACKUP_DIR at start and at each scrape: a restart keeps them, and
 * a backup another process or server wrote into the same directory counts too. With WORKERS=N the
 * newest of the processes' figures is the server's.
 */
let watchedDir: string | null = null;

async function readNewest(): Promise<void> {
  if (!watchedDir) return;
  const { backups } = await listBackups(watchedDir).catch(() => ({ backups: [] }));
  // A file gone or cut short is no backup: the newest that is whole counts.
  const newest = newestGoodBackup(backups);
  if (newest) noteNewestBackup(newest);
}

const lastSuccess = new Gauge({
  name: 'dealmap_backup_last_success_timestamp_seconds',
  help: 'When the newest backup in BACKUP_DIR was taken (Unix time; 0 until there is one)',
  registers: [metricsRegistry],
  aggregator: 'max',
  collect: readNewest,
});
const lastSize = new Gauge({
  name: 'dealmap_backup_last_size_bytes',
  help: 'The size of the newest backup in BACKUP_DIR, bytes (0 until there is one)',
  registers: [metricsRegistry],
  aggregator: 'max',
  // Its own look: the registry may collect the two at once.
  collect: readNewest,
});

const schedule = new Gauge({
  name: 'dealmap_backup_schedule_hours',
  help: 'Hours between scheduled backups (BACKUP_EVERY_HOURS; 0: no schedule, so no alert on their age)',
  registers: [metricsRegistry],
  aggregator: 'max',
});

export function noteNewestBackup(backup: Pick<BackupFile, 'createdAt' | 'sizeBytes'>): void {
  lastSuccess.set(Date.parse(backup.createdAt) / 1000);
  lastSize.set(backup.sizeBytes);
}

/** Follows the newest backup in `dir` (the server's BACKUP_DIR), from now on, taken every `everyHours`. */
export async function watchBackupDir(dir: string, everyHours: number): Promise<void> {
  watchedDir = dir;
  schedule.set(everyHours);
  await readNewest();
}
