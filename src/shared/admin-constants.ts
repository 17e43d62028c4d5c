/** The admin settings' lists, bulk actions, imports and audit log: the values both sides use. */

/** List path segments, in the order of the side navigation. */
export const ADMIN_SECTIONS = ['users', 'markets', 'interests', 'strategies', 'accounts'] as const;
export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number];

/** Item path segments; also the audit log's entity types. */
export const ENTITY_TYPES = [
  'user',
  'market',
  'interest',
  'strategy',
  'account',
  'rate',
  'listing-feed',
  'accuracy',
  'backup',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The fields each list may be sorted by (`field` or `-field`); the first is the default. */
export const SORT_FIELDS = {
  users: ['name', 'username', 'role', 'account', 'active', 'lastLogin', 'createdAt'],
  markets: ['city', 'state', 'active'],
  interests: ['name', 'active'],
  strategies: ['name', 'active'],
  accounts: ['name', 'active'],
} as const satisfies Record<AdminSectionKey, readonly string[]>;

/** Every value `sort` may take for these fields: `field` and `-field`. */
export const sortValues = (fields: readonly string[]): string[] => fields.flatMap((f) => [f, `-${f}`]);

export const BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const MAX_BULK_IDS = 10_000;

/** Every import, users included: at most this many data rows and bytes per file. */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const IMPORT_JOB_PHASES = ['queued', 'hashing', 'writing', 'done', 'failed'] as const;
export type ImportJobPhase = (typeof IMPORT_JOB_PHASES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'activate', 'deactivate', 'import', 'sync', 'run'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
