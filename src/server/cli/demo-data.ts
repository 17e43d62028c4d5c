import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fail, openCliDatabase, runMain } from './cli-common';
import { DEFAULT_DEMO_LISTINGS } from '../lib/app-config';
import { DEFAULT_DEMO_SEED, demoItem } from '../modules/demo-data/generator';
import { loadDemoData, loadDemoHistory } from '../modules/demo-data/load';
import { RESO_COLUMNS, demoResoRows } from '../modules/demo-data/reso';
import { formatMetroOutcomes, metroOutcomes } from '../modules/demo-data/metro-outcomes';
import { csvField } from '../lib/csv';
import { createProgress } from './progress';

const USAGE = `Usage: npm run demo-data -- [--listings N] [--seed S] [--out file.csv|file.jsonl]

Generates the deterministic demo data set (N listings, about 2 sold comps and 0.9 closed leases
each, seed S; defaults
${DEFAULT_DEMO_LISTINGS} and ${DEFAULT_DEMO_SEED}) and loads it into the configured database (DATABASE_URL, else PGlite in
DATA_DIR), computing comps, deal status and strategy results. With --out, writes it as a RESO
feed file for the importer instead of touching the database.`;

async function writeFeed(file: string, listings: number, seed: number): Promise<void> {
  const csv = path.extname(file).toLowerCase() === '.csv';
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const write = async (line: string) => {
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  if (csv) await write(`${RESO_COLUMNS.join(',')}\n`);
  const progress = createProgress({ label: 'Writing', unit: 'listings' });
  for (let i = 0; i < listings; i++) {
    const item = demoItem(seed, i);
    const rows = demoResoRows(item);
    for (const row of rows) {
      await write(csv ? `${RESO_COLUMNS.map((c) => csvField(row[c] ?? '')).join(',')}\n` : `${JSON.stringify(row)}\n`);
    }
    progress.update(i + 1, listings);
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  progress.finish(`Wrote ${listings} listings, their sold comps and the leases around them to ${file}`);
}

runMain(async () => {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        listings: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        report: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.report) {
    if (values.listings !== undefined || values.seed !== undefined || values.out !== undefined)
      fail('--report reads the database as it is: it takes no --listings, --seed or --out');
    const database = await openCliDatabase();
    try {
      console.log(formatMetroOutcomes(await metroOutcomes(database.db)));
    } finally {
      await database.close();
    }
    return;
  }
  const listings = values.listings === undefined ? DEFAULT_DEMO_LISTINGS : Number(values.listings);
  const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
  if (!Number.isInteger(listings) || listings < 0 || listings > 10_000_000)
    fail('--listings must be an integer from 0 to 10000000');
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) fail('--seed must be a non-negative 32-bit integer');
  if (values.out) {
    await writeFeed(values.out, listings, seed);
    return;
  }

  const database = await openCliDatabase();
  try {
    const inserting = createProgress({ label: 'Loading demo data', unit: 'rows' });
    let recomputing: ReturnType<typeof createProgress> | null = null;
    const summary = await loadDemoData(database.db, {
      listings,
      seed,
      onProgress: (p) => {
        if (p.phase === 'insert') inserting.update(p.done, p.total);
        else {
          if (!recomputing) {
            inserting.finish();
            recomputing = createProgress({ label: 'Computing comps and results', unit: 'listings' });
          }
          recomputing.update(p.done, p.total);
        }
      },
    });
    if (recomputing) (recomputing as ReturnType<typeof createProgress>).finish();
    else inserting.finish();
    const writing = createProgress({ label: "Writing the market's past listings", unit: 'listings' });
    const history = await loadDemoHistory(database.db, { listings, seed, onProgress: (p) => writing.update(p.done, p.total) });
    writing.finish();
    console.log(
      `Demo data (seed ${seed}): ${summary.listings} listings, ${summary.sold} sold comps, ${summary.leases} leases, ${summary.recomputed} listings computed in ${summary.seconds.toFixed(1)} s; ${history.pastListings} past listings in ${history.seconds.toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
});
