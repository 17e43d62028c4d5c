import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AssumptionOverrides, Assumptions } from './assumptions';
import { Account } from './catalog';
import { DateTime, ErrorBodyWith, Id, Nullable, Paged, StringEnum } from './common';
import { Role, User } from './session';
import {
  AUDIT_ACTIONS,
  BULK_ACTIONS,
  ENTITY_TYPES,
  IMPORT_JOB_PHASES,
  MAX_BULK_IDS,
  MAX_PAGE_SIZE,
  sortValues,
} from '../admin-constants';

export {
  ADMIN_SECTIONS,
  AUDIT_ACTIONS,
  BULK_ACTIONS,
  DEFAULT_PAGE_SIZE,
  ENTITY_TYPES,
  IMPORT_JOB_PHASES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  MAX_BULK_IDS,
  MAX_PAGE_SIZE,
  SORT_FIELDS,
  sortValues,
} from '../admin-constants';
export type { AdminSectionKey, AuditAction, BulkAction, EntityType, ImportJobPhase } from '../admin-constants';

/**
 * The admin settings calls under /api/v1/admin (docs/admin-api.md): lists, one-item forms, bulk
 * actions, CSV export and import (with the users' import jobs), the audit log and a market's
 * assumptions.
 */

// ---------------------------------------------------------------------------------------------
// Lists

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const PageNumber = Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 }));
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }));

/** GET /{section}?q=&page=&pageSize=&sort= ; without any of them the answer is the whole list. */
export const listQuery = (sortFields: readonly string[]) =>
  Type.Object({ q: Text(200), page: PageNumber, pageSize: PageSize, sort: Type.Optional(StringEnum(sortValues(sortFields))) });
export interface ListQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: string;
}

/**
 * A list answer: the whole list (an array) for the plain call, else a page. Written as
 * if/then/else so the serializer tells the two apart by a type check, without validating every item.
 */
export const ListOf = <T extends TSchema>(item: T) => {
  const all = Type.Array(item);
  const page = Paged(item);
  return Type.Unsafe<Static<typeof all> | Static<typeof page>>({ if: { type: 'array' }, then: all, else: page });
};

// ---------------------------------------------------------------------------------------------
// Items and forms

/** An account in the admin list carries the number of its users. */
export const AdminAccount = Type.Object({ ...Account.properties, userCount: Type.Integer() });
export type AdminAccount = Static<typeof AdminAccount>;

/** GET /addUser: what the user form offers (accounts sorted by name). */
export const UserFormData = Type.Object({ accounts: Type.Array(Account), roles: Type.Array(Role) });
export type UserFormData = Static<typeof UserFormData>;

/** GET /editUser/:id: the user (`loginId` = username) and what the form offers. */
export const EditUserData = Type.Object({
  user: Type.Object({ ...User.properties, loginId: Type.String() }),
  accounts: Type.Array(Account),
  roles: Type.Array(Role),
});
export type EditUserData = Static<typeof EditUserData>;

/**
 * Form bodies: types and lengths here; required fields and formats by the shared admin rules
 * (src/shared/validation/admin.ts) after trimming, so the messages are the form's own. Unknown
 * members (`userCount`, `loginId`, ...) are ignored.
 */
export const UserForm = Type.Object({
  active: Type.Optional(Type.Boolean()),
  firstName: Text(100),
  lastName: Text(100),
  username: Text(254),
  password: Text(1024),
  roleId: Text(200),
  accountType: Text(20),
  accountId: Text(200),
  accountName: Text(200),
  _id: Text(200),
});
export type UserForm = Static<typeof UserForm>;

export const MarketForm = Type.Object({
  _id: Text(200),
  city: Text(100),
  state: Text(50),
  description: Text(2000),
  active: Type.Optional(Type.Boolean()),
});
export type MarketForm = Static<typeof MarketForm>;

/** Interests and strategies. */
export const NamedItemForm = Type.Object({
  _id: Text(200),
  name: Text(200),
  description: Text(2000),
  active: Type.Optional(Type.Boolean()),
});
export type NamedItemForm = Static<typeof NamedItemForm>;

export const AccountForm = Type.Object({ _id: Text(200), name: Text(200), active: Type.Optional(Type.Boolean()) });
export type AccountForm = Static<typeof AccountForm>;

// ---------------------------------------------------------------------------------------------
// Bulk

/** POST /{section}/bulk: `ids`, or every row matching `q` (all rows when it is empty). */
export const BulkRequest = Type.Object({
  action: StringEnum(BULK_ACTIONS),
  ids: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_BULK_IDS })),
  q: Text(200),
});
export type BulkRequest = Static<typeof BulkRequest>;

/** `matched` rows found, `changed` rows actually changed. */
export const BulkResult = Type.Object({ action: StringEnum(BULK_ACTIONS), matched: Type.Integer(), changed: Type.Integer() });
export type BulkResult = Static<typeof BulkResult>;

// ---------------------------------------------------------------------------------------------
// CSV export and import

/** GET /{section}/export.csv?q= */
export const ExportQuery = Type.Object({ q: Text(200) });

/** The export file: a UTF-8 BOM, a header row, CRLF line ends, formula cells guarded. */
export const CsvFile = Type.String({ description: 'text/csv; charset=utf-8 with a BOM, a header row and CRLF line ends' });

/** POST /{section}/import. `dryRun` checks the file and writes nothing. */
export const ImportRequest = Type.Object({ csv: Type.String(), dryRun: Type.Optional(Type.Boolean({ default: false })) });
export type ImportRequest = Static<typeof ImportRequest>;

export const ImportRow = Type.Object({
  row: Type.Integer({ description: '1-based data row number; the header is row 0.' }),
  values: Type.Record(Type.String(), Type.String(), { description: 'Trimmed cells by column (passwords masked).' }),
  errors: Type.Record(Type.String(), Type.String(), { description: 'Column → message; `csv` for the row as a whole.' }),
});
export type ImportRow = Static<typeof ImportRow>;

export const ImportReport = Type.Object({
  rows: Type.Array(ImportRow),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  created: Type.Integer(),
});
export type ImportReport = Static<typeof ImportReport>;

/** 400 of an import: a file problem (`fields.csv`), or rows with errors (then `report` too). */
export const ImportRefused = ErrorBodyWith({ report: Type.Optional(ImportReport) });

/**
 * A users import runs as a job: passwords are hashed in batches (phase `hashing`, `done` of
 * `total`), then every user is written in one transaction (`writing`); it ends `done` (`created`)
 * or `failed` (`error`; nothing written).
 */

export const ImportJob = Type.Object({
  _id: Id,
  section: StringEnum(['users'] as const),
  phase: StringEnum(IMPORT_JOB_PHASES),
  total: Type.Integer({ description: 'Rows in the file.' }),
  done: Type.Integer({ description: 'Rows whose password is hashed.' }),
  created: Type.Integer({ description: 'Users written (when done).' }),
  error: Nullable(Type.String()),
  startedAt: DateTime,
  finishedAt: Nullable(DateTime),
});
export type ImportJob = Static<typeof ImportJob>;

/** GET /users/import/:jobId */
export const ImportJobParams = Type.Object({ jobId: Type.String({ maxLength: 200 }) });

// ---------------------------------------------------------------------------------------------
// Audit log

/** An entity's fields before or after a change (never a password); null on create / delete. */
const AuditView = Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true });

export const AuditEntry = Type.Object({
  _id: Type.String({ description: 'An increasing number.' }),
  at: DateTime,
  actorId: Nullable(Type.String()),
  actorUsername: Nullable(Type.String()),
  action: StringEnum(AUDIT_ACTIONS),
  entityType: StringEnum(ENTITY_TYPES),
  entityId: Type.String(),
  before: AuditView,
  after: AuditView,
});
export type AuditEntry = Static<typeof AuditEntry>;

/** GET /audit-log, newest first. */
export const AuditQuery = Type.Object({
  entityType: Type.Optional(StringEnum(ENTITY_TYPES)),
  entityId: Text(200),
  actorId: Text(200),
  page: PageNumber,
  pageSize: PageSize,
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Paged(AuditEntry);

// ---------------------------------------------------------------------------------------------
// Market assumptions

/** GET /market/:id/assumptions: the market's overrides (`{}` = the defaults) and the defaults. */
export const MarketAssumptions = Type.Object({
  market: Type.Object({ _id: Id, city: Type.String(), state: Type.String() }),
  assumptions: AssumptionOverrides,
  defaults: Assumptions,
});
export type MarketAssumptions = Static<typeof MarketAssumptions>;

/** PUT /market/:id/assumptions. Checked by assumptionOverridesProblems, which names every problem. */
export const MarketAssumptionsRequest = Type.Object(
  { assumptions: Type.Record(Type.String(), Type.Unknown()) },
  { additionalProperties: false },
);

/** The PUT answer: the new state and how many listings the recomputer will refresh. */
export const MarketAssumptionsUpdated = Type.Object({ ...MarketAssumptions.properties, listingsToRecompute: Type.Integer() });
export type MarketAssumptionsUpdated = Static<typeof MarketAssumptionsUpdated>;

/** GET /api/v1/auth/userCount and /marketCount: every row, active or not. */
export const Count = Type.Integer({ minimum: 0 });
