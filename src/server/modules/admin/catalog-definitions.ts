import type { Static, TSchema } from '@sinclair/typebox';
import {
  AccountForm,
  AdminAccount,
  MarketForm,
  NamedItemForm,
  SORT_FIELDS,
  type AdminSectionKey,
  type EntityType,
} from '../../../shared/schemas/admin';
import { Interest, Market, Strategy } from '../../../shared/schemas/catalog';
import { validateAccountForm, validateMarketForm, validateNamedItemForm, type FieldErrors } from '../../../shared/validation';
import type { CatalogColumn, CatalogRow, CatalogTable, CatalogValues } from '../catalog';
import { plural } from './common';
import type { SchemaOf } from './section';

/** The form body of any catalogue: MarketForm, NamedItemForm and AccountForm are all of this shape. */
export type CatalogForm = CatalogValues & { _id?: string; active?: boolean };

/**
 * One simple catalogue: a table whose wire fields are its columns, plus `active`. A definition says
 * what differs; createCatalogSection (catalog.ts) does the rest.
 */
export interface CatalogDefinition<S extends TSchema> {
  thing: Exclude<EntityType, 'user'>;
  section: Exclude<AdminSectionKey, 'users'>;
  table: CatalogTable;
  /** The wire schema of an item and how a row becomes one. */
  item: S;
  toItem: (row: CatalogRow) => Static<S>;
  form: SchemaOf<CatalogForm>;
  /** Text fields, wire name = column name, in form order. */
  fields: ReadonlyArray<{ key: CatalogColumn; maxLength: number; upper?: boolean }>;
  validate: (values: CatalogValues) => FieldErrors;
  /** The natural key, compared case-insensitively (a unique index backs it). */
  uniqueKeys: readonly CatalogColumn[];
  duplicateMessage: (values: CatalogValues) => string;
  searchKeys: readonly CatalogColumn[];
  /** The first is the default order. */
  sortFields: readonly string[];
  /** Required columns of an import (the others may be left out). */
  requiredColumns: readonly CatalogColumn[];
  /** accounts: items carry `userCount`, and an account with users cannot be deleted. */
  withUsers?: boolean;
}

const text = (value: string | undefined) => value ?? '';

export const MARKETS: CatalogDefinition<typeof Market> = {
  thing: 'market',
  section: 'markets',
  table: 'markets',
  item: Market,
  toItem: (row) => ({
    _id: row.id,
    city: text(row.city),
    state: text(row.state),
    description: text(row.description),
    active: row.active,
  }),
  form: MarketForm,
  fields: [
    { key: 'city', maxLength: 100 },
    { key: 'state', maxLength: 2, upper: true },
    { key: 'description', maxLength: 2000 },
  ],
  validate: validateMarketForm,
  uniqueKeys: ['city', 'state'],
  duplicateMessage: (v) => `A market for ${text(v.city)}, ${text(v.state)} already exists.`,
  searchKeys: ['city', 'state', 'description'],
  sortFields: SORT_FIELDS.markets,
  requiredColumns: ['city', 'state'],
};

function named<S extends typeof Interest | typeof Strategy>(
  thing: 'interest' | 'strategy',
  section: 'interests' | 'strategies',
  item: S,
  article: string,
): CatalogDefinition<S> {
  return {
    thing,
    section,
    table: section,
    item,
    toItem: (row) => ({ _id: row.id, name: text(row.name), description: text(row.description), active: row.active }),
    form: NamedItemForm,
    fields: [
      { key: 'name', maxLength: 200 },
      { key: 'description', maxLength: 2000 },
    ],
    validate: validateNamedItemForm,
    uniqueKeys: ['name'],
    duplicateMessage: (v) => `${article} ${thing} named "${text(v.name)}" already exists.`,
    searchKeys: ['name', 'description'],
    sortFields: SORT_FIELDS[section],
    requiredColumns: ['name', 'description'],
  };
}

export const INTERESTS = named('interest', 'interests', Interest, 'An');
export const STRATEGIES = named('strategy', 'strategies', Strategy, 'A');

export const accountExistsMessage = (name: string) => `An account named "${name}" already exists.`;
export const accountHasUsersMessage = (name: string, users: number) =>
  `The account ${name} still has ${plural(users, 'user')}. Move or delete them first.`;

export const ACCOUNTS: CatalogDefinition<typeof AdminAccount> = {
  thing: 'account',
  section: 'accounts',
  table: 'accounts',
  item: AdminAccount,
  toItem: (row) => ({ _id: row.id, name: text(row.name), active: row.active, userCount: row.userCount ?? 0 }),
  form: AccountForm,
  fields: [{ key: 'name', maxLength: 200 }],
  validate: validateAccountForm,
  uniqueKeys: ['name'],
  duplicateMessage: (v) => accountExistsMessage(text(v.name)),
  searchKeys: ['name'],
  sortFields: SORT_FIELDS.accounts,
  requiredColumns: ['name'],
  withUsers: true,
};
