import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { fail, openCliDatabase, runMain } from './cli-common';
import { DEFAULT_IMPORT_BATCH, importFile, MAX_IMPORT_BATCH } from '../modules/feed-import/importer';
import { createProgress } from './progress';

const USAGE = `Usage: npm run import -- <file.csv|file.jsonl> [--batch-size N (default ${DEFAULT_IMPORT_BATCH})]
       node dist/server/cli/import-listings.js <file> [--batch-size N]

Imports a listing feed (RESO names; CSV or JSON Lines) into the configured database
(DATABASE_URL, else PGlite in DATA_DIR). Active rows become listings, Closed rows sold comps
(closed leases when PropertyType is ResidentialLease), upserted by ListingKey. Rejected rows go to <file>.rejected.csv. Comps, deal status and strategy
results are then recomputed for what changed.`;

runMain(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { 'batch-size': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return;
  }
  if (parsed.positionals.length !== 1) fail(USAGE);
  const file = parsed.positionals[0];
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) fail(`No such file: ${file}`);
  const batchSize = parsed.values['batch-size'] ? Number(parsed.values['batch-size']) : DEFAULT_IMPORT_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_IMPORT_BATCH)
    fail(`--batch-size must be an integer from 1 to ${MAX_IMPORT_BATCH}`);

  const database = await openCliDatabase();
  try {
    const reading = createProgress({ label: 'Importing', unit: 'rows' });
    let recomputing: ReturnType<typeof createProgress> | null = null;
    const summary = await importFile(database.db, file, {
      batchSize,
      // The data directory is locked to this process: nothing else can use PGlite meanwhile.
      exclusive: database.kind === 'pglite',
      onProgress: (p) => reading.update(p.bytes, p.totalBytes, p.rows),
      onRecomputeProgress: (p) => {
        if (!recomputing) {
          reading.finish();
          recomputing = createProgress({ label: 'Recomputing', unit: 'listings' });
        }
        recomputing.update(p.done, p.total);
      },
    });
    if (recomputing) (recomputing as ReturnType<typeof createProgress>).finish();
    else reading.finish();
    const { listings: l, sold: s, leases: e } = summary;
    console.log(
      [
        `Read ${summary.rows.toLocaleString('en-US')} rows in ${summary.loadSeconds.toFixed(1)} s (${summary.seconds.toFixed(1)} s in all).`,
        `Listings: ${l.inserted} new, ${l.updated} updated, ${l.unchanged} unchanged${summary.removedListings ? `, ${summary.removedListings} removed (now sold)` : ''}${summary.priceChanges ? `, ${summary.priceChanges} price changes recorded` : ''}.`,
        `Sold comps: ${s.inserted} new, ${s.updated} updated, ${s.unchanged} unchanged.`,
        `Leases: ${e.inserted} new, ${e.updated} updated, ${e.unchanged} unchanged.`,
        ...(summary.offMarket ? [`Off market: ${summary.offMarket} listings taken off the map (withdrawn, expired…).`] : []),
        `Recomputed ${summary.recomputed} listings.`,
        summary.rejected ? `Rejected ${summary.rejected} rows: see ${summary.rejectedFile}` : 'No rows rejected.',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
});
