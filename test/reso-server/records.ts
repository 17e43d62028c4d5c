import { demoItem } from '../../src/server/modules/demo-data/generator';
import { demoResoRows } from '../../src/server/modules/demo-data/reso';

/**
 * The first `n` rows of the demo RESO feed of `seed` (src/server/modules/demo-data/reso.ts): listings,
 * each followed by its sold comps and leases, as the demo-data CLI's `--out` file and the bulk-listings
 * bench write them (the bench's feed is seed 7). Fields without a value are left out, as a JSON Lines
 * file of the same rows would have them absent, so a sync of these records can be compared with an
 * import of the same rows from a file. No ModificationTimestamp: the server's clock gives it.
 */
export function resoRecords(n: number, seed: number, listedAsOf?: string): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (let i = 0; records.length < n; i++) {
    for (const row of demoResoRows(demoItem(seed, i, listedAsOf))) {
      if (records.length === n) break;
      const record: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(row)) if (value !== undefined && value !== null) record[field] = value;
      records.push(record);
    }
  }
  return records;
}
