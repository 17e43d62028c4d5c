import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Matching and delivering the saved searches' alerts (issue 28; docs/map-search.md, "Alerts").
 *
 * - `listing_changes` (listings): one row bumped wherever listing changes end (an import, a
 *   recomputation, a re-pricing pass, an assumption change, the demo load), also by `npm run import`
 *   in its own process; the running server's alert worker compares its version with the one it handled.
 * - `alert_state` (alerts): the matcher's one row: the version of `listing_changes` it handled, the
 *   watermark (listings changed from it on are looked at by the next pass), whether the listings'
 *   cash-on-cash snapshot is kept, and the delivery's schedule.
 * - `alert_listing_cocs` (alerts): each listing's cash-on-cash as the matcher last saw it, kept only
 *   while some search has a minimum cash-on-cash: "now pays" is a crossing of that minimum.
 * - `alert_mailings` (alerts): when each user was last e-mailed alerts (the 5-minute batching, the digest).
 * - A GiST index of the saved searches' views: a changed listing finds the searches whose view holds it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table listing_changes (
      id boolean primary key default true check (id),
      version integer not null default 0,
      changed_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into listing_changes default values`.execute(db);
  await sql`
    create table alert_state (
      id boolean primary key default true check (id),
      handled_version integer not null default 0,
      watermark timestamptz not null default now(),
      snapshot_kept boolean not null default false,
      last_pass_at timestamptz,
      instant_due_at timestamptz,
      digest_done_for timestamptz
    )`.execute(db);
  await sql`insert into alert_state default values`.execute(db);
  await sql`
    create table alert_listing_cocs (
      property_id uuid primary key references properties(id) on delete cascade,
      buy_hold_coc double precision,
      brrrr_coc double precision,
      fix_flip_coc double precision,
      short_term_coc double precision
    )`.execute(db);
  await sql`
    create table alert_mailings (
      user_id uuid primary key references users(id) on delete cascade,
      instant_sent_at timestamptz,
      digest_sent_at timestamptz
    )`.execute(db);
  await sql`create index saved_searches_view_idx on saved_searches using gist (box(point(west, south), point(east, north)))`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index saved_searches_view_idx`.execute(db);
  await sql`drop table alert_mailings`.execute(db);
  await sql`drop table alert_listing_cocs`.execute(db);
  await sql`drop table alert_state`.execute(db);
  await sql`drop table listing_changes`.execute(db);
}
