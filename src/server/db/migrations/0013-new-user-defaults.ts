import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

/**
 * A new user starts with every active strategy in their profile, so the map popup shows the strategy
 * tabs at once (they edit the choice in the profile): a trigger, so every way a user is made (sign-up,
 * the admin form, a CSV import, the create-user command) does it. Cities that already have listings
 * become markets (places/repository.ts adds them after each demo load and feed import from now on).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create function give_new_user_every_strategy() returns trigger language plpgsql as $$
    begin
      insert into user_strategies (user_id, strategy_id)
      select new.id, s.id from strategies s where s.active
      on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_every_strategy after insert on users
    for each row execute function give_new_user_every_strategy()`.execute(db);
  await sql`
    insert into markets (city, state, description, active)
    select (select mode() within group (order by p2.city) from properties p2 where lower(p2.city) = c.lc and upper(p2.state) = c.us), c.us,
      'A city of the listing feed', true
    from (select distinct lower(city) as lc, upper(state) as us from properties
          where city is not null and state is not null and btrim(city) <> '' and upper(state) ~ '^[A-Z]{2}$') c
    on conflict (lower(city), upper(state)) do nothing`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop trigger users_every_strategy on users`.execute(db);
  await sql`drop function give_new_user_every_strategy()`.execute(db);
}
