import { Type, type TSchema } from '@sinclair/typebox';
import { ENTITY_TYPES } from './audit';
import { BULK_ACTIONS, MAX_PAGE_SIZE, sortValues } from './common';

/** A string whose value is one of `values` (an AJV `enum`, so the message lists them). */
const OneOf = (values: readonly string[]) => Type.Unsafe<string>({ type: 'string', enum: [...values] });

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
export const NoQuery = Type.Object({});

export const listQuery = (sortFields: readonly string[]) =>
  Type.Object({
    q: Text(200),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
    sort: Type.Optional(OneOf(sortValues(sortFields))),
  });

export const ExportQuery = Type.Object({ q: Text(200) });

export const BulkBody = Type.Object({
  action: OneOf(BULK_ACTIONS),
  ids: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10_000 })),
  q: Text(200),
});

export const ImportBody = Type.Object({
  csv: Type.String(),
  dryRun: Type.Optional(Type.Boolean({ default: false })),
});

export const AuditQuery = Type.Object({
  entityType: Type.Optional(OneOf(ENTITY_TYPES)),
  entityId: Text(200),
  actorId: Text(200),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

/**
 * Form bodies: types and lengths here; required fields and formats by the shared admin rules
 * (after trimming), so the messages are the form's own. Unknown members are ignored.
 */
export const UserBody = Type.Object({
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

export const MarketBody = Type.Object({
  _id: Text(200),
  city: Text(100),
  state: Text(50),
  description: Text(2000),
  active: Type.Optional(Type.Boolean()),
});

export const NamedItemBody = Type.Object({
  _id: Text(200),
  name: Text(200),
  description: Text(2000),
  active: Type.Optional(Type.Boolean()),
});

export const AccountBody = Type.Object({
  _id: Text(200),
  name: Text(200),
  active: Type.Optional(Type.Boolean()),
});

export const BODY_BY_THING: Record<string, TSchema> = {
  user: UserBody,
  market: MarketBody,
  interest: NamedItemBody,
  strategy: NamedItemBody,
  account: AccountBody,
};
