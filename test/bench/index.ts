/**
 * Benchmark runner: `npm run bench` runs every test/bench/*.bench.ts in turn;
 * `npm run bench -- admin-users` runs the named ones (file name with or without `.bench.ts`).
 * Each bench file exports `bench: Bench` (see bench-utils.ts). Benches print figures and never
 * fail on speed; the exit status is 1 only when a bench breaks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Bench } from './bench-utils';

const SUFFIX = '.bench.ts';

function benchFiles(names: string[]): string[] {
  const all = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith(SUFFIX))
    .sort();
  if (names.length === 0) return all;
  return names.map((name) => {
    const base = path
      .basename(name)
      .replace(/\.bench(\.ts)?$/, '')
      .replace(/\.ts$/, '');
    const file = `${base}${SUFFIX}`;
    if (!all.includes(file))
      throw new Error(`No bench named ${name}. Available: ${all.map((f) => f.slice(0, -SUFFIX.length)).join(', ')}`);
    return file;
  });
}

async function main(): Promise<void> {
  const files = benchFiles(process.argv.slice(2));
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}; databases: PGlite${process.env.DATABASE_URL ? ' + PostgreSQL (DATABASE_URL)' : ''}`,
  );
  let failed = 0;
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each bench file is loaded by name, on demand
    const { bench } = require(path.join(__dirname, file)) as { bench?: Bench };
    if (!bench) {
      console.error(`${file} does not export \`bench\``);
      failed++;
      continue;
    }
    console.log(`\n=== ${bench.name} (${file})`);
    const start = Date.now();
    try {
      await bench.run();
      console.log(`\n${bench.name}: done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
    } catch (error) {
      failed++;
      console.error(`${bench.name} broke:`, error);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
