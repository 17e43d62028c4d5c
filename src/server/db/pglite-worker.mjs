/**
 * The embedded database's thread: PGlite runs here, so its queries (WebAssembly, synchronous while
 * they run) take this thread instead of the HTTP server's. pglite-thread.ts is the other end and
 * documents the messages.
 *
 * Plain JavaScript: Node starts a worker from a file it can run as it is, under ts-node, Jest and
 * the build alike, and this one needs nothing but PGlite.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** An error as plain fields: structured cloning keeps only an Error's message and stack. */
function errorFields(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const pglite = new PGlite({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  // A restore: the database is created from a backup's tarball (pglite-thread.ts, `loadFrom`).
  ...(workerData.loadFrom ? { loadDataDir: new Blob([readFileSync(workerData.loadFrom)]) } : {}),
  extensions: { pg_trgm },
});
/** Open transactions by id: each holds PGlite's transaction callback until its commit or rollback. */
const transactions = new Map();

function openTransaction(id) {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`Transaction ${id} is not open`);
  return entry;
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const target = message.transaction === undefined ? pglite : openTransaction(message.transaction).tx;
      const { rows, affectedRows, fields } = await target.query(message.sql, message.params, message.options);
      return { rows, affectedRows, fields };
    }
    case 'begin':
      return new Promise((began, failed) => {
        const entry = {};
        entry.closed = pglite
          .transaction(
            (tx) =>
              new Promise((commit, rollback) => {
                Object.assign(entry, { tx, commit, rollback });
                transactions.set(message.transaction, entry);
                began(null);
              }),
          )
          .finally(() => transactions.delete(message.transaction));
        entry.closed.catch(failed);
      });
    case 'commit': {
      const entry = openTransaction(message.transaction);
      entry.commit();
      await entry.closed;
      return null;
    }
    case 'rollback': {
      const entry = transactions.get(message.transaction);
      if (!entry) return null;
      entry.rollback(new Error('rollback'));
      await entry.closed.catch(() => undefined);
      return null;
    }
    case 'dump': {
      // A checkpoint first, so a restore has little WAL to replay; then the files are read while no
      // transaction is open or can begin (queries and transactions all take PGlite's transaction mutex).
      await pglite.exec('CHECKPOINT');
      const tar = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
      // Compressed after the mutex is let go: the queries waiting run meanwhile.
      await pipeline(Readable.fromWeb(tar.stream()), createGzip(), createWriteStream(message.file, { flags: 'wx', mode: 0o600 }));
      return null;
    }
    case 'close':
      await pglite.close();
      return null;
    default:
      throw new Error(`Unknown PGlite thread message: ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: errorFields(error) }),
  );
});

pglite.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: errorFields(error) }),
);
