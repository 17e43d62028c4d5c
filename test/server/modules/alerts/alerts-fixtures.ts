import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../../src/server/db/database';
import { importFile } from '../../../../src/server/modules/feed-import/importer';
import type { MailMessage, Mailer } from '../../../../src/server/modules/mail/mailer';
import { createOutboxMailer } from '../../../../src/server/modules/mail/mailer';
import type { SavedSearchesTable } from '../../../../src/server/db/schema';
import type { Insertable } from 'kysely';

/** Feeds, saved searches and an outbox for the alerts' tests. */

const COLUMNS = [
  'ListingKey',
  'StandardStatus',
  'ListPrice',
  'ClosePrice',
  'CloseDate',
  'BedroomsTotal',
  'BathroomsFull',
  'LivingArea',
  'UnparsedAddress',
  'City',
  'StateOrProvince',
  'PostalCode',
  'Latitude',
  'Longitude',
  'EstimatedMonthlyRent',
  'RehabEstimate',
  'ArvEstimate',
  'NightlyRateEstimate',
] as const;

type FeedRow = Partial<Record<(typeof COLUMNS)[number], string | number>>;

/** The view the tests' searches watch: central Austin. */
export const AUSTIN = { south: 30.2, west: -97.8, north: 30.3, east: -97.7 };

/** Sold comps near the listings, so they get comps, a deal status and results. */
const COMPS: FeedRow[] = [0, 1, 2, 3].map((i) => ({
  ListingKey: `S${i}`,
  StandardStatus: 'Closed',
  ClosePrice: 300_000 + i * 10_000,
  CloseDate: `2025-0${6 + i}-01`,
  BedroomsTotal: 3,
  BathroomsFull: 2,
  LivingArea: 1500,
  City: 'Austin',
  StateOrProvince: 'TX',
  PostalCode: '78704',
  Latitude: 30.25 + i * 0.001,
  Longitude: -97.75 - i * 0.001,
}));

export interface TestListing {
  key: string;
  price: number;
  /** Inside AUSTIN unless told otherwise. */
  latitude?: number;
  longitude?: number;
  address?: string;
  rent?: number;
}

const listingRow = (l: TestListing): FeedRow => ({
  ListingKey: l.key,
  StandardStatus: 'Active',
  ListPrice: l.price,
  BedroomsTotal: 3,
  BathroomsFull: 2,
  LivingArea: 1500,
  UnparsedAddress: l.address ?? `${l.key.replace(/\D/g, '') || '1'} OAK ST`,
  City: 'Austin',
  StateOrProvince: 'TX',
  PostalCode: '78704',
  Latitude: l.latitude ?? 30.25,
  Longitude: l.longitude ?? -97.75,
  EstimatedMonthlyRent: l.rent ?? 2400,
  RehabEstimate: 15_000,
  ArvEstimate: 340_000,
  NightlyRateEstimate: 180,
});

/** Writes a feed of these listings (and the comps) to `dir`, and imports it as `npm run import` would. */
export async function importListings(db: Db, dir: string, listings: TestListing[]): Promise<void> {
  const file = path.join(dir, `feed-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  const rows = [...COMPS, ...listings.map(listingRow)];
  fs.writeFileSync(file, [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n'));
  const summary = await importFile(db, file);
  if (summary.rejected) throw new Error(`feed rows rejected: ${fs.readFileSync(summary.rejectedFile!, 'utf8')}`);
}

/**
 * A price change as the feed import records it: the listing's new price and its price_history row,
 * written together. Where the import records the history itself this adds nothing; otherwise it adds
 * the row and marks the listing changed with it, as the import's write would.
 */
export async function recordPriceChange(db: Db, key: string, oldPrice: number, newPrice: number): Promise<void> {
  await sql`
    with added as (
      insert into price_history (property_id, old_price, new_price, changed_at)
      select p.id, ${oldPrice}, ${newPrice}, now() from properties p
      where p.listing_key = ${key} and p.list_price = ${newPrice} and not exists (
        select 1 from price_history h where h.property_id = p.id and h.old_price = ${oldPrice} and h.new_price = ${newPrice})
      returning property_id
    )
    update properties set updated_at = now() where id in (select property_id from added)`.execute(db);
}

let searchCounter = 0;

/** A saved search inserted as the saved-search routes store one (its baseline: now). */
export async function saveSearch(db: Db, userId: string, fields: Partial<Insertable<SavedSearchesTable>> = {}): Promise<string> {
  searchCounter++;
  const row = await db
    .insertInto('saved_searches')
    .values({ user_id: userId, name: `Search ${searchCounter}`, ...AUSTIN, alert: 'instant', ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OutboxMailer extends Mailer {
  dir: string;
  /** The messages as they were handed over (their parts unencoded). */
  messages: Array<MailMessage & { from: string }>;
  /** The .eml files written, oldest first. */
  files(): string[];
  /** Addresses whose messages fail to send (an SMTP server refusing them). */
  refused: Set<string>;
}

/** The outbox the server writes without SMTP_URL, remembering each message too. */
export function createTestOutbox(dir: string): OutboxMailer {
  const outbox = createOutboxMailer(dir);
  const messages: Array<MailMessage & { from: string }> = [];
  const refused = new Set<string>();
  return {
    kind: 'outbox',
    dir,
    messages,
    refused,
    async send(message) {
      if (refused.has(message.to)) throw new Error(`550 mailbox unavailable: ${message.to}`);
      await outbox.send(message);
      messages.push(message);
    },
    files() {
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    },
  };
}

/** An RFC 2047 encoded word's text (nodemailer encodes a subject with quotes this way). */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** An .eml's header value (unfolded, encoded words decoded). */
export function emlHeader(eml: string, name: string): string | null {
  const head = eml.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeWords(line.slice(name.length + 1).trim()) : null;
}

/** An .eml's body with quoted-printable soft breaks and escapes undone. */
export function emlText(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
