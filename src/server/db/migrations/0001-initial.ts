import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('accounts_name_lower_idx')
    .on('accounts')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id'))
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_login', 'timestamptz')
    .addColumn('experience', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('users_username_lower_idx')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.createIndex('users_role_id_idx').on('users').column('role_id').execute();
  await db.schema.createIndex('users_account_id_idx').on('users').column('account_id').execute();

  await db.schema
    .createTable('strategies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('strategies_name_lower_idx')
    .on('strategies')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('markets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('markets_city_state_lower_idx')
    .on('markets')
    .unique()
    .expression(sql`lower(city), upper(state)`)
    .execute();

  await db.schema
    .createTable('interests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('interests_name_lower_idx')
    .on('interests')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  for (const [table, column, target] of [
    ['user_strategies', 'strategy_id', 'strategies'],
    ['user_markets', 'market_id', 'markets'],
    ['user_interests', 'interest_id', 'interests'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(column, 'uuid', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('rotated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_id_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_id_idx').on('password_reset_tokens').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'password_reset_tokens',
    'refresh_tokens',
    'sessions',
    'user_interests',
    'user_markets',
    'user_strategies',
    'interests',
    'markets',
    'strategies',
    'users',
    'accounts',
    'roles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
