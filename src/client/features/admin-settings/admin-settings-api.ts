import type { Account, Interest, Market, User } from '../../../shared/api-types';
import type { AssumptionOverrides } from '../../../shared/invest';
import type {
  AdminAccount,
  AdminSectionKey,
  AuditEntry,
  BulkAction,
  BulkRequest,
  BulkResult,
  EditUserData,
  EntityType,
  ImportJob,
  ImportReport,
  ImportRow,
  MarketAssumptions,
  MarketAssumptionsUpdated,
  UserForm,
  UserFormData,
} from '../../../shared/schemas/admin';
import type { Paged } from '../../../shared/schemas/common';
import type { AccountType } from '../../../shared/validation';
import { SIGNED_IN_USER, adminCall, api } from '../../api/base-api';

/**
 * The admin settings endpoints (docs/admin-api.md), in the admin scope (base /api/v1/admin, 8 s,
 * re-auth; no refetch on focus/reconnect, no polling: only a change refreshes what it made stale).
 */

export type SectionKey = AdminSectionKey;
export type ThingKey = EntityType;
export type EntityTag = 'User' | 'Market' | 'Interest' | 'Strategy' | 'Account';

export const THING_OF: Record<SectionKey, ThingKey> = {
  users: 'user',
  markets: 'market',
  interests: 'interest',
  strategies: 'strategy',
  accounts: 'account',
};
export const TAG_OF: Record<SectionKey, EntityTag> = {
  users: 'User',
  markets: 'Market',
  interests: 'Interest',
  strategies: 'Strategy',
  accounts: 'Account',
};

/** Interests and strategies share {_id, name, description, active}. */
export type NamedItem = Interest;

export interface SectionItemTypes {
  users: User;
  markets: Market;
  interests: NamedItem;
  strategies: NamedItem;
  accounts: AdminAccount;
}
export type AnyItem = SectionItemTypes[SectionKey];

export interface ListArgs {
  section: SectionKey;
  q: string;
  page: number;
  pageSize: number;
  sort?: string;
}

/** The POST /user and PUT /user/{id} body: the user form's values, every field present. */
export type UserPayload = Required<Omit<UserForm, '_id' | 'password' | 'accountType'>> &
  Pick<UserForm, 'password'> & { accountType?: AccountType };
export type MarketPayload = Omit<Market, '_id'> & { _id?: string };
export type NamedItemPayload = Omit<NamedItem, '_id'> & { _id?: string };
export type AccountPayload = Omit<Account, '_id'> & { _id?: string };

export type BulkArgs = BulkRequest & { section: SectionKey };

export interface AuditArgs {
  entityType?: EntityType;
  page: number;
  pageSize: number;
}

export type {
  AdminAccount,
  AuditEntry,
  BulkAction,
  BulkResult,
  EditUserData,
  ImportJob,
  ImportReport,
  ImportRow,
  MarketAssumptions,
};
export type UserLookups = UserFormData;

const listTag = (section: SectionKey) => ({ type: TAG_OF[section], id: 'LIST' as const });

/** The public catalogue each section feeds (the profile screens and the map popup read them). */
const LOOKUP_OF: Partial<Record<SectionKey, string>> = { markets: 'markets', interests: 'interests', strategies: 'strategies' };

/**
 * What a successful change in one section makes stale: its list and the audit log, the accounts list
 * (user counts, new accounts) for users and the users list (account names) for accounts; outside the
 * admin area the dashboard counts, the public lookups and the signed-in user (an Admin may edit themself).
 */
function changedTags(section: SectionKey) {
  const tags = [listTag(section), { type: 'AuditLog' as const, id: 'LIST' }];
  if (section === 'users') tags.push(listTag('accounts'));
  if (section === 'accounts') tags.push(listTag('users'));
  const outside: Array<{ type: 'Count' | 'Lookup'; id: string } | typeof SIGNED_IN_USER> = [];
  if (section === 'users') outside.push({ type: 'Count', id: 'users' }, SIGNED_IN_USER);
  if (section === 'markets') outside.push({ type: 'Count', id: 'markets' });
  const lookup = LOOKUP_OF[section];
  if (lookup) outside.push({ type: 'Lookup', id: lookup });
  return [...tags, ...outside];
}

export const adminSettingsApi = api
  .enhanceEndpoints({ addTagTypes: ['Market', 'Interest', 'Strategy', 'Account', 'AuditLog'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminList: build.query<Paged<AnyItem>, ListArgs>({
        query: ({ section, q, page, pageSize, sort }) =>
          adminCall({
            url: `/${section}`,
            params: { q, page, pageSize, ...(sort ? { sort } : {}) },
          }),
        providesTags: (result, _error, { section }) => [
          listTag(section),
          ...(result?.items ?? []).map((item) => ({ type: TAG_OF[section], id: item._id })),
        ],
      }),
      addUserData: build.query<UserLookups, void>({
        query: () => adminCall('/addUser'),
        providesTags: [listTag('accounts')],
        keepUnusedDataFor: 0,
      }),
      editUserData: build.query<EditUserData, string>({
        query: (id) => adminCall(`/editUser/${encodeURIComponent(id)}`),
        providesTags: (_r, _e, id) => [{ type: 'User', id }, listTag('accounts')],
        keepUnusedDataFor: 0,
      }),
      marketAssumptions: build.query<MarketAssumptions, string>({
        query: (id) => adminCall(`/market/${encodeURIComponent(id)}/assumptions`),
        providesTags: (_r, _e, id) => [{ type: 'Market', id }],
        keepUnusedDataFor: 0,
      }),
      updateMarketAssumptions: build.mutation<MarketAssumptionsUpdated, { id: string; assumptions: AssumptionOverrides }>({
        query: ({ id, assumptions }) =>
          adminCall({
            url: `/market/${encodeURIComponent(id)}/assumptions`,
            method: 'PUT',
            body: { assumptions },
          }),
        invalidatesTags: (_r, error, { id }) =>
          error
            ? []
            : [
                { type: 'Market', id },
                { type: 'AuditLog', id: 'LIST' },
              ],
      }),
      adminItem: build.query<AnyItem, { section: Exclude<SectionKey, 'users'>; id: string }>({
        query: ({ section, id }) => adminCall(`/${THING_OF[section]}/${encodeURIComponent(id)}`),
        providesTags: (_r, _e, { section, id }) => [{ type: TAG_OF[section], id }],
        keepUnusedDataFor: 0,
      }),
      createUser: build.mutation<User, UserPayload>({
        query: (body) => adminCall({ url: '/user', method: 'POST', body }),
        invalidatesTags: (_r, error) => (error ? [] : changedTags('users')),
      }),
      updateUser: build.mutation<User, { id: string; body: UserPayload }>({
        query: ({ id, body }) => adminCall({ url: `/user/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: (_r, error, { id }) => (error ? [] : [...changedTags('users'), { type: 'User', id }]),
      }),
      createItem: build.mutation<AnyItem, { section: Exclude<SectionKey, 'users'>; body: object }>({
        query: ({ section, body }) => adminCall({ url: `/${THING_OF[section]}`, method: 'POST', body }),
        invalidatesTags: (_r, error, { section }) => (error ? [] : changedTags(section)),
      }),
      updateItem: build.mutation<AnyItem, { section: Exclude<SectionKey, 'users'>; id: string; body: object }>({
        query: ({ section, id, body }) =>
          adminCall({ url: `/${THING_OF[section]}/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: (_r, error, { section, id }) => (error ? [] : [...changedTags(section), { type: TAG_OF[section], id }]),
      }),
      deleteItem: build.mutation<null, { section: SectionKey; id: string }>({
        query: ({ section, id }) => adminCall({ url: `/${THING_OF[section]}/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, error, { section }) => (error ? [] : changedTags(section)),
      }),
      bulkAction: build.mutation<BulkResult, BulkArgs>({
        query: ({ section, ...body }) => adminCall({ url: `/${section}/bulk`, method: 'POST', body }),
        invalidatesTags: (_r, error, { section }) => (error ? [] : changedTags(section)),
      }),
      importCsv: build.mutation<ImportReport, { section: SectionKey; csv: string; dryRun: boolean }>({
        query: ({ section, csv, dryRun }) => adminCall({ url: `/${section}/import`, method: 'POST', body: { csv, dryRun } }),
        invalidatesTags: (_r, error, { section, dryRun }) => (error || dryRun ? [] : changedTags(section)),
      }),
      /** The CSV text, fetched through the admin base query (bearer token, re-auth). */
      exportCsv: build.mutation<string, { section: SectionKey; q: string }>({
        query: ({ section, q }) =>
          adminCall({
            url: `/${section}/export.csv`,
            params: { q },
            responseHandler: 'content-type',
          }),
      }),
      /** A users import that hashes its passwords in the background: 202 with the job. */
      startUserImport: build.mutation<ImportJob, { csv: string }>({
        query: ({ csv }) => adminCall({ url: '/users/import', method: 'POST', body: { csv, dryRun: false } }),
      }),
      /** Polled while the job runs; a finished one refreshes what the import changed (see the dialog). */
      userImportJob: build.query<ImportJob, string>({
        query: (id) => adminCall(`/users/import/${encodeURIComponent(id)}`),
        keepUnusedDataFor: 0,
      }),
      auditLog: build.query<Paged<AuditEntry>, AuditArgs>({
        query: ({ entityType, page, pageSize }) =>
          adminCall({
            url: '/audit-log',
            params: { page, pageSize, ...(entityType ? { entityType } : {}) },
          }),
        providesTags: [{ type: 'AuditLog', id: 'LIST' }],
      }),
    }),
  });

export const {
  useAdminListQuery,
  useAddUserDataQuery,
  useEditUserDataQuery,
  useAdminItemQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useCreateItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useBulkActionMutation,
  useImportCsvMutation,
  useExportCsvMutation,
  useAuditLogQuery,
  useMarketAssumptionsQuery,
  useStartUserImportMutation,
  useLazyUserImportJobQuery,
  useUpdateMarketAssumptionsMutation,
} = adminSettingsApi;
