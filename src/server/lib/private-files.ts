/**
 * DATA_DIR holds live password-reset links (outbox), the database and the JWT secret: readable by
 * this process's user only. Modes are set explicitly (chmod), so whatever the umask: directories
 * 0700, files 0600.
 */
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and its parents) if missing and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Writes a new file (never an existing one) readable by its owner only. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await fs.promises.writeFile(file, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  await fs.promises.chmod(file, PRIVATE_FILE_MODE);
}

/** The synchronous twin of writePrivateFile (start-up files: the lock, the secret). */
export function writePrivateFileSync(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}
