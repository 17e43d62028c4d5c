import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps come back as Date; inserts and updates may pass a Date or an SQL default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RolesTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  username: string;
  password_hash: string;
  role_id: string;
  account_id: string | null;
  active: Generated<boolean>;
  last_login: NullableTimestamp;
  experience: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StrategiesTable {
  id: Generated<string>;
  name: string;
  description: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MarketsTable {
  id: Generated<string>;
  city: string;
  state: string;
  description: string;
  active: Generated<boolean>;
  /** AssumptionOverrides of the investment engine; {} = the defaults. */
  assumptions: ColumnType<unknown, unknown | undefined, unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InterestsTable {
  id: Generated<string>;
  name: string;
  description: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserStrategiesTable {
  user_id: string;
  strategy_id: string;
}

export interface UserMarketsTable {
  user_id: string;
  market_id: string;
}

export interface UserInterestsTable {
  user_id: string;
  interest_id: string;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  rotated_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** One row per changed entity; `before`/`after` never hold passwords or hashes. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: string | null;
  actor_username: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: ColumnType<unknown, unknown, unknown>;
  after: ColumnType<unknown, unknown, unknown>;
}

export interface DB {
  roles: RolesTable;
  accounts: AccountsTable;
  users: UsersTable;
  strategies: StrategiesTable;
  markets: MarketsTable;
  interests: InterestsTable;
  user_strategies: UserStrategiesTable;
  user_markets: UserMarketsTable;
  user_interests: UserInterestsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
