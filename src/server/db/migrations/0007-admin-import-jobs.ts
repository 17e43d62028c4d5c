import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * Import jobs of the admin settings (docs/admin-api.md): a users import hashes every password in
 * the background and reports its progress here, so any API server behind the load balancer can
 * answer `GET /users/import/:jobId`. The file itself (with its passwords) stays in the memory of
 * the server that runs the job; a job whose server stops is failed, nothing written.
 *
 * `heartbeat_at` is renewed while the job runs; a running job whose heartbeat is old lost its
 * server. At most one job per section runs at a time (the partial unique index).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table admin_import_jobs (
      id uuid primary key default gen_random_uuid(),
      section text not null,
      actor_id uuid,
      phase text not null default 'queued',
      total integer not null,
      done integer not null default 0,
      created integer not null default 0,
      error text,
      started_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create unique index admin_import_jobs_running_idx on admin_import_jobs (section) where finished_at is null`.execute(
    db,
  );
  await sql`create index admin_import_jobs_started_idx on admin_import_jobs (started_at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists admin_import_jobs`.execute(db);
}
