import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { csvField, csvLine, csvRecords } from '../../lib/csv';
import type { ControlledTransaction } from 'kysely';
import {
  dropMaintainedIndexes,
  fromReso,
  holdFewerRowsThan,
  rebuildReturnsCopy,
  restoreIndexes,
  suspendReturnsCopy,
  type DroppedIndex,
  type RawRecord,
  type RecomputeProgress,
} from '../listings';
import type { Db } from '../../db/database';
import type { Tables } from '../../db/schema';
import { addFeedCounts, afterFeedWrite, emptyFeedCounts, FeedRows, writeFeedRows, type FeedWriteCounts } from './batch';

/**
 * The listing feed importer (docs/listings.md): CSV or JSON Lines with RESO names (listings, sold
 * comps and closed leases; a row of another status takes its listing off the map), streamed in constant memory, upserted by ListingKey in batches (one transaction each, or one in all for a bulk
 * load), rejected rows written to `<file>.rejected.csv`, then comps, deal status and strategy
 * results recomputed for what changed.
 */
export interface ImportProgress {
  rows: number;
  bytes: number;
  totalBytes: number;
}

export interface ImportOptions {
  batchSize?: number;
  /** CSV or JSON Lines; by default from the extension (.csv, else JSON Lines). */
  format?: 'csv' | 'jsonl';
  onProgress?: (progress: ImportProgress) => void;
  onRecomputeProgress?: (progress: RecomputeProgress) => void;
  /** Skip the recomputation (tests of the upsert alone). */
  recompute?: boolean;
  /**
   * Nothing else uses the database during the import (the CLI on PGlite, whose data directory is
   * locked to it). A bulk load is then allowed: see importFile.
   */
  exclusive?: boolean;
}

export interface ImportSummary extends FeedWriteCounts {
  file: string;
  rows: number;
  rejected: number;
  /** Path of the rejected-rows report, or null when every row was accepted. */
  rejectedFile: string | null;
  recomputed: number;
  /** Reading and writing the rows (the indexes of a bulk load included). */
  loadSeconds: number;
  /** All of it: the load, the recomputation and the places. */
  seconds: number;
}

/** Records handed to the importer at a time (progress is reported per batch). */
const SOURCE_BATCH = 1000;

/**
 * Bytes read from the file at a time. A chunk's records are parsed and checked in one go, and the
 * database's answers wait for that to finish before the next statement goes: 16 KB (~100 rows)
 * keeps that wait short (256 KB left PGlite idle for ~1.3 s of a 100,000-row import).
 */
const READ_CHUNK = 16 * 1024;

/**
 * Rows upserted per statement (and transaction). Larger batches cost fewer statements and round
 * trips; 5,000 rows (~5 MB of JSON) keep memory flat and each transaction short (docs/listings.md).
 */
export const DEFAULT_IMPORT_BATCH = 5000;
export const MAX_IMPORT_BATCH = 50_000;

/**
 * A bulk load when the tables hold fewer rows than this share of the file's (estimated) rows. Its
 * index builds cost in proportion to the whole tables, where a batch-by-batch import costs only for
 * the rows it adds or changes (an unchanged row touches no index): mostly new rows pay for it.
 */
const BULK_LOAD_SHARE = 0.25;

export const REJECTED_HEADER = 'row,reason,original';

export function rejectedPath(file: string): string {
  return `${file}.rejected.csv`;
}

interface SourceRecord {
  /** Line where the record starts (the CSV header is line 1). */
  row: number;
  /** The record's text for the rejected-rows report; a CSV record's is made from `fields` when needed. */
  raw: string;
  fields?: string[];
  value: RawRecord | null;
  /** Why the record could not even be read (bad JSON, wrong field count). */
  error?: string;
  /** Bytes of the file read up to the record's end. */
  bytes: number;
}

/** Records of a CSV file, streamed through csv-parse. */
async function* csvSource(file: string): AsyncGenerator<SourceRecord[]> {
  let header: string[] | null = null;
  let out: SourceRecord[] = [];
  for await (const r of csvRecords(fs.createReadStream(file, { highWaterMark: READ_CHUNK }))) {
    if (r.error) {
      out.push({ row: r.line, raw: r.raw, value: null, error: r.error, bytes: r.bytes });
      break;
    }
    if (!header) {
      header = r.fields.map((f) => f.trim());
      continue;
    }
    if (r.fields.length !== header.length) {
      out.push({
        row: r.line,
        raw: csvLine(r.fields),
        value: null,
        error: `Expected ${header.length} fields, found ${r.fields.length}`,
        bytes: r.bytes,
      });
    } else {
      const value: RawRecord = {};
      for (let i = 0; i < header.length; i++) value[header[i]] = r.fields[i];
      out.push({ row: r.line, raw: '', fields: r.fields, value, bytes: r.bytes });
    }
    if (out.length >= SOURCE_BATCH) {
      yield out;
      out = [];
    }
  }
  if (out.length) yield out;
}

/** Records of a JSON Lines file, line by line. */
async function* jsonlSource(file: string): AsyncGenerator<SourceRecord[]> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: READ_CHUNK });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  let row = 0;
  let read = 0;
  let out: SourceRecord[] = [];
  for await (const line of lines) {
    row++;
    read += Buffer.byteLength(line) + 1;
    const text = row === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (!text.trim()) continue;
    try {
      const value = JSON.parse(text) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value))
        out.push({ row, raw: line, value: null, error: 'Not a JSON object', bytes: read });
      else out.push({ row, raw: line, value: value as RawRecord, bytes: read });
    } catch (error) {
      out.push({ row, raw: line, value: null, error: `Invalid JSON: ${(error as Error).message}`, bytes: read });
    }
    if (out.length >= SOURCE_BATCH) {
      yield out;
      out = [];
    }
  }
  if (out.length) yield out;
}

/**
 * Imports a feed file. Each batch is written in a transaction of its own, so a failure keeps the
 * batches before it. With `exclusive`, a feed estimated (from its first batch) to hold over four
 * times the rows of the listings, sold comps and leases tables is a bulk load instead: one transaction
 * that drops the indexes the upserts only maintain and builds them again at its end
 * (dropMaintainedIndexes), all or nothing.
 */
export async function importFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? DEFAULT_IMPORT_BATCH;
  const format = options.format ?? (path.extname(file).toLowerCase() === '.csv' ? 'csv' : 'jsonl');
  const totalBytes = fs.statSync(file).size;
  const reportFile = rejectedPath(file);
  fs.rmSync(reportFile, { force: true }); // a report of an earlier run would mislead

  const summary: ImportSummary = {
    file,
    rows: 0,
    ...emptyFeedCounts(),
    rejected: 0,
    rejectedFile: null,
    recomputed: 0,
    loadSeconds: 0,
    seconds: 0,
  };

  let report: fs.WriteStream | null = null;
  const reject = async (row: number, reasons: string[], raw: string) => {
    summary.rejected++;
    if (!report) {
      report = fs.createWriteStream(reportFile, { encoding: 'utf8' });
      report.write(`${REJECTED_HEADER}\n`);
      summary.rejectedFile = reportFile;
    }
    const ok = report.write(`${row},${csvField(reasons.join('; '))},${csvField(raw)}\n`);
    if (!ok) await new Promise<void>((resolve) => report!.once('drain', () => resolve()));
  };

  let bytes = 0;
  let rows = new FeedRows();
  // The batch being written while the next one is read: the database (PostgreSQL's processes, or
  // PGlite's thread) writes while Node parses the next rows. One batch at a time is written, in
  // order; a failed write stops the import at the next flush.
  let writing: Promise<void> | null = null;
  const flush = async () => {
    if (writing) await writing;
    writing = null;
    if (!rows.size) return;
    writing = write(rows);
    writing.catch(() => {}); // awaited at the next flush; not an unhandled rejection meanwhile
    rows = new FeedRows();
  };
  const writeBatch = async (trx: Db, batch: FeedRows) => {
    addFeedCounts(summary, await writeFeedRows(trx, batch));
  };
  // The bulk load's transaction and the indexes it dropped; decided at the first write.
  let bulk: ControlledTransaction<Tables> | null = null;
  let dropped: DroppedIndex[] = [];
  let decided = false;
  const write = async (batch: FeedRows) => {
    if (!decided) {
      decided = true;
      const estimatedRows = bytes > 0 ? (summary.rows / bytes) * totalBytes : summary.rows;
      if (options.exclusive && (await holdFewerRowsThan(db, estimatedRows * BULK_LOAD_SHARE))) {
        bulk = await db.startTransaction().execute();
        dropped = await dropMaintainedIndexes(bulk);
        await suspendReturnsCopy(bulk);
      }
    }
    if (bulk) await writeBatch(bulk, batch);
    else await db.transaction().execute((trx) => writeBatch(trx, batch));
  };

  const source = format === 'csv' ? csvSource(file) : jsonlSource(file);
  try {
    for await (const records of source) {
      for (const r of records) {
        summary.rows++;
        bytes = r.bytes;
        if (!r.value) {
          await reject(r.row, [r.error ?? 'Unreadable row'], r.raw);
          continue;
        }
        const parsed = fromReso(r.value);
        if (!parsed.ok) {
          await reject(r.row, parsed.reasons, r.fields ? csvLine(r.fields) : r.raw);
          continue;
        }
        rows.add(parsed.value);
        if (rows.size >= batchSize) await flush();
      }
      options.onProgress?.({ rows: summary.rows, bytes: Math.min(bytes, totalBytes), totalBytes });
    }
    await flush();
    await flush(); // the last batch written
    const load = bulk as ControlledTransaction<Tables> | null;
    if (load) {
      await rebuildReturnsCopy(load);
      await restoreIndexes(load, dropped);
      await load.commit().execute();
      bulk = null;
    }
  } finally {
    // On an error, no write is left running when the import gives up (the caller may close the database).
    if (writing) await (writing as Promise<void>).catch(() => {});
    const failed = bulk as ControlledTransaction<Tables> | null;
    // The error that stopped the load is the one to report, not a rollback's own.
    if (failed)
      await failed
        .rollback()
        .execute()
        .catch(() => {});
    const open = report as fs.WriteStream | null;
    if (open) await new Promise<void>((resolve) => open.end(() => resolve()));
  }
  options.onProgress?.({ rows: summary.rows, bytes: totalBytes, totalBytes });
  summary.loadSeconds = (Date.now() - started) / 1000;

  summary.recomputed = await afterFeedWrite(db, options);
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}
