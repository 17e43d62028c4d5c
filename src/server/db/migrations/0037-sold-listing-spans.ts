import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * A listing that sells is removed from the listings (its sold comp takes its place) and, until now,
 * left the market trends' history with it: past months' active listings counted only those that had
 * not sold by the rebuild. Its sold comp keeps the day it came on the market (docs/markets.md), and
 * the months keep how many active listings have a known price history (the share with a price cut is
 * of those: a sold listing's cuts left with it). The aggregates are built again from scratch.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table sold_comps add column on_market_date date`.execute(db);
  await sql`alter table market_trend_months add column cut_base_count integer not null default 0`.execute(db);
  await sql`delete from market_trends_state`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table market_trend_months drop column cut_base_count`.execute(db);
  await sql`alter table sold_comps drop column on_market_date`.execute(db);
}
