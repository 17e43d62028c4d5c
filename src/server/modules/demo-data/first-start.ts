import { sql } from 'kysely';
import { DEFAULT_DEMO_SEED, demoListingsFromEnv, loadDemoData } from './demo-data';
import { createProgress, type Progress } from '../../cli/progress';
import type { Db } from '../../db/database';

/**
 * On a database without any listing, loads the demo data set (DEMO_LISTINGS listings, default
 * 20,000; 0 disables) with a progress bar on stderr. Runs before the server listens.
 */
export async function loadDemoOnFirstStart(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const listings = demoListingsFromEnv(env);
  if (listings === 0) return;
  const any = await sql<{ found: boolean }>`select exists (select 1 from properties) as found`.execute(db);
  if (any.rows[0].found) return;
  console.error(`Empty database: loading ${listings.toLocaleString('en-US')} demo listings (DEMO_LISTINGS=0 skips this)`);
  const inserting = createProgress({ label: 'Loading demo data', unit: 'rows' });
  let computing: Progress | null = null;
  const summary = await loadDemoData(db, {
    listings,
    seed: DEFAULT_DEMO_SEED,
    onProgress: (p) => {
      if (p.phase === 'insert') return inserting.update(p.done, p.total);
      if (!computing) {
        inserting.finish();
        computing = createProgress({ label: 'Computing comps and results', unit: 'listings' });
      }
      computing.update(p.done, p.total);
    },
  });
  (computing as Progress | null)?.finish();
  console.error(
    `Demo data loaded: ${summary.listings.toLocaleString('en-US')} listings, ${summary.sold.toLocaleString('en-US')} sold comps in ${summary.seconds.toFixed(1)} s`,
  );
}
