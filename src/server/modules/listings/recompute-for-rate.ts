import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { createRatesRepository, latestRateSql } from '../rates';
import { calculatorsFor, type Calculator } from './market-calculators';
import type { RecomputeOptions } from './recompute-dirty';
import { createListingsRepository } from './repository';
import {
  RECORD_SEPARATOR,
  sqlArrayLiteral,
  storedCoc,
  type RepriceBatch,
  type RepriceParams,
  type RepriceRow,
} from './recompute-repository';

const cocElement = (r: { cashOnCashRoi: number | null; cashOnCashInfinite: boolean }): string | number => storedCoc(r) ?? 'NULL';

/**
 * A re-pricing batch as the update's parameters: the ids and each cash-on-cash as SQL array
 * literals, each strategy's results as their JSON texts joined by a record separator (split by
 * `string_to_array`). The JSON texts go in as they are; the database only checks them once as json.
 * A JSON object per listing read by `json_to_recordset` cost twice as much on PGlite (it builds a
 * field table per object and then reads each json field's text a second time).
 */
function repriceParams(rows: readonly RepriceRow[], calculatorOf: (city: string, state: string) => Calculator): RepriceParams {
  const n = rows.length;
  const ids = new Array<string>(n);
  const readRates = new Array<string | number>(n);
  const texts = [new Array<string>(n), new Array<string>(n), new Array<string>(n), new Array<string>(n)];
  const cocs = [
    new Array<string | number>(n),
    new Array<string | number>(n),
    new Array<string | number>(n),
    new Array<string | number>(n),
  ];
  for (let k = 0; k < n; k++) {
    const [id, inputs, city, state, resultsRate, hasFlip] = rows[k];
    const flipKept = resultsRate !== null && hasFlip;
    const r = calculatorOf(city, state)(inputs);
    ids[k] = id;
    readRates[k] = resultsRate ?? 'NULL';
    // Written out per strategy, not looped over the four: this is the re-price's hot loop, and a
    // loop with a closure per listing measured ~4 % slower on PGlite.
    texts[0][k] = JSON.stringify(r.BuyHoldResults);
    texts[1][k] = JSON.stringify(r.BRRRRResults);
    texts[2][k] = flipKept ? '' : JSON.stringify(r.FixFlipResults);
    texts[3][k] = JSON.stringify(r.ShortTermResults);
    cocs[0][k] = cocElement(r.BuyHoldResults);
    cocs[1][k] = cocElement(r.BRRRRResults);
    cocs[2][k] = flipKept ? 'NULL' : cocElement(r.FixFlipResults);
    cocs[3][k] = cocElement(r.ShortTermResults);
  }
  return {
    ids: sqlArrayLiteral(ids),
    readRates: sqlArrayLiteral(readRates),
    texts: texts.map((t) => t.join(RECORD_SEPARATOR)),
    cocs: cocs.map(sqlArrayLiteral),
  };
}

/**
 * After a new rate: recomputes the strategy results of every listing computed at another rate,
 * from its stored engine inputs. Returns how many listings it rewrote.
 *
 * Walks the heap in physical order, reading the next batch while this one is computed and written:
 * each page is read once and the database works while Node does (docs/performance.md, "How the
 * re-price walks the table").
 */
export async function recomputeForRate(db: Db, options: RecomputeOptions = {}): Promise<number> {
  const listings = createListingsRepository(db);
  const batchSize = options.batchSize ?? 2000;
  let done = 0;
  const total = options.onProgress ? await listings.countPricedAtOtherRate(latestRateSql()) : 0;
  options.onProgress?.({ done, total });
  let pages = await listings.heapPages();
  let from = 0;
  // Pages per batch: from one, adjusted to the listings found so a batch stays near batchSize
  // listings. Capped, so that a dense stretch after a sparse one (a market re-priced, then a new rate
  // mid-walk) cannot make one batch of most of the table: a page holds 2–3 listings at the table's
  // fillfactor, so a batch stays within about batchSize × 1.5.
  const maxSpan = Math.max(1, Math.ceil(batchSize / 2));
  let span = 1;
  /** The next batch's read, sent; null at the end of the heap or when asked to stop. */
  const readNext = async (): Promise<RepriceBatch | null> => {
    if (options.shouldStop?.()) return null;
    if (from >= pages) {
      // The heap may have grown meanwhile (a concurrent write's new rows): walk on to its end.
      pages = await listings.heapPages();
      if (from >= pages) return null;
    }
    const to = Math.min(from + span, pages);
    const read = listings.readRepriceBatch(from, to);
    from = to;
    return read;
  };
  let writing: Promise<void> | null = null;
  let writeFailed = false;
  let reading = readNext();
  try {
    for (;;) {
      const batch = await reading;
      // A failed update stops the walk here (its error is thrown by the await below).
      if (!batch || writeFailed) break;
      const { rows } = batch;
      span = Math.min(
        maxSpan,
        rows.length ? Math.max(1, Math.min(4 * span, Math.round((span * batchSize) / rows.length))) : 2 * span,
      );
      if (options.pause) await options.pause();
      reading = readNext();
      reading.catch(() => {}); // awaited next round; not an unhandled rejection meanwhile
      if (!rows.length) continue;
      const params = repriceParams(rows, calculatorsFor(batch.rate, batch.markets));
      const previous: Promise<void> | null = writing;
      writing = (async () => {
        if (previous) await previous;
        const written = await listings.writeRepriced(batch.rate, params);
        done += written;
        options.onProgress?.({ done, total: Math.max(total, done) });
      })();
      writing.catch(() => (writeFailed = true)); // thrown below
    }
    if (writing) await writing;
  } finally {
    // On an error, nothing is left running when the re-price gives up (the caller may close the database).
    await Promise.allSettled([writing, reading]);
  }
  return done;
}

/** Listings whose results were computed at a rate other than the latest 30-year rate. */
export async function countStaleForRate(db: Db): Promise<number> {
  const listings = createListingsRepository(db);
  const rate = await createRatesRepository(db).latestRate();
  return listings.countPricedAtOtherRate(sql<number | null>`${rate}::float8`);
}
