/**
 * Backups and restores (docs/deploy.md, "Backups and restores"): the backup files and their manifests,
 * the server's schedule and "Back up now" (the worker and the admin routes), `npm run backup`'s request
 * to a server that holds PGlite's DATA_DIR, and the restore the command runs.
 */
export {
  BackupRefused,
  checkBackup,
  ensureBackupDir,
  listBackups,
  newestGoodBackup,
  pruneBackups,
  reason,
  type BackupManifest,
} from './backup-files';
export { backupKindOf, runBackup, type BackupSource } from './backup-run';
export { BackupWorker, type BackUpNowAnswer, type BackupOutcome, type BackupWorkerOptions } from './backup-worker';
export { BackupRequestError, REQUESTS_DIR_NAME, requestBackup, type CommandAnswer } from './command-requests';
export { connectionFor } from './postgres-tools';
export {
  checkRestore,
  restoreBackup,
  RestoredWithProblem,
  type RestoreOptions,
  type RestoreResult,
  type RestoreTarget,
} from './restore';
export { BACKUPS_ENTITY_ID, backupsRoutes } from './routes';
