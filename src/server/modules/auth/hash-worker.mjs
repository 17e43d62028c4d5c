// A password hasher's thread (passwords.ts): scrypt at the lowest CPU priority. On Linux a thread
// has a nice value of its own, so this one gives way to the server's event loop, the database and
// everything else when the cores are busy; a sign-in waits a little longer, no one else waits for it.
import { scryptSync } from 'node:crypto';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';

try {
  os.setPriority(19);
} catch {
  // Not allowed here (some containers): the hash still runs, at the normal priority.
}

parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
