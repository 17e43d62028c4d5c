import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { importPmms, parsePmmsCsv, PMMS_SOURCE } from '../modules/rates/service';
import { fail, openCliDatabase, runMain } from './cli-common';
import { createProgress } from './progress';
import { recomputeForRate } from '../modules/listings';

const USAGE = `Usage: npm run import:rates -- <pmms.csv> [--source "Freddie Mac PMMS"]

Loads a Freddie Mac PMMS history CSV (columns date, 30-year, 15-year; their header names such as
date,pmms30,pmms15 or Week,30-Year FRM,15-Year FRM are recognised) into the rates table as
"30-Year Fixed" and "15-Year Fixed", then recomputes the strategy results of every listing when
the latest 30-year rate changed.`;

runMain(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { source: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
  if (!fs.existsSync(file)) fail(`No such file: ${file}`);
  let rows;
  let skipped;
  try {
    ({ rows, skipped } = parsePmmsCsv(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    fail(`${file}: ${(error as Error).message}`);
  }
  for (const s of skipped.slice(0, 20)) console.error(`line ${s.line}: skipped: ${s.reason}`);
  if (skipped.length > 20) console.error(`... ${skipped.length - 20} more lines skipped`);

  const database = await openCliDatabase();
  try {
    const changed = await importPmms(database.db, rows, parsed.values.source?.trim() || PMMS_SOURCE);
    console.log(`Read ${rows.length} weeks; ${changed} rates added or changed.`);
    const progress = createProgress({ label: 'Recomputing strategy results', unit: 'listings' });
    const n = await recomputeForRate(database.db, { onProgress: (p) => progress.update(p.done, p.total) });
    progress.finish(
      n ? `Recomputed ${n} listings for the latest 30-year rate.` : 'Strategy results already use the latest 30-year rate.',
    );
  } finally {
    await database.close();
  }
});
