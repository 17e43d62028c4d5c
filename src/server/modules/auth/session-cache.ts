import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { NoticeSubscription } from '../../db/notices';
import type { AuthContext } from './service';

/**
 * An in-process memory of checked access tokens: a token's session is live, its user active and
 * of this role. Every authenticated request otherwise reads sessions ⨝ users ⨝ roles.
 *
 * It forgets everything at once when anything writes to users, sessions or roles (a Kysely plugin
 * on the app's database sees every such statement: logout, deactivation, role change, password
 * change or reset, deletes, imports), so those take effect on the very next request. A check read
 * while such a write was in flight could see the old rows; so nothing is remembered from a read that
 * began before the latest write, nor during QUIET_MS after it (the writing transaction commits
 * within that). Entries live `ttlMs` at most.
 *
 * With several servers on one PostgreSQL database a write made by another server comes as a notice
 * (migration 0025's triggers, LISTEN in app.ts) and makes this memory forget too; while the notice
 * connection is down the memory is off (`setOn(false)`), so nothing is ever older than the TTL.
 */
export const QUIET_MS = 1000;
export const MAX_ENTRIES = 10_000;
const AUTH_TABLES = new Set(['users', 'sessions', 'roles']);

interface Entry {
  userId: string;
  context: AuthContext;
  epoch: number;
  expiresAt: number;
}

export interface SessionCache {
  /** The remembered check of this session for this user, if still valid. */
  get(sessionId: string, userId: string): AuthContext | undefined;
  /** Call before reading the database: remember() takes it back to tell whether a write came between. */
  epoch(): number;
  remember(context: AuthContext, startedAt: number): void;
  /** Forget every check (a write to users, sessions or roles). */
  forget(): void;
  /** Off: remember nothing and forget all (the notices of other servers' writes are not coming). */
  setOn(on: boolean): void;
  /** False while the notices of other servers' writes are not coming. */
  readonly on: boolean;
  readonly size: number;
}

export function createSessionCache({ ttlMs, now = () => Date.now() }: { ttlMs: number; now?: () => number }): SessionCache {
  const entries = new Map<string, Entry>();
  let epoch = 0;
  let lastWrite = -Infinity;
  let on = true;
  return {
    get(sessionId, userId) {
      const e = entries.get(sessionId);
      if (!e) return undefined;
      if (e.epoch !== epoch || e.userId !== userId || now() > e.expiresAt) {
        entries.delete(sessionId);
        return undefined;
      }
      return e.context;
    },
    epoch: () => epoch,
    remember(context, startedAt) {
      if (!on || ttlMs <= 0 || startedAt !== epoch || now() - lastWrite < QUIET_MS) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(context.sessionId, { userId: context.userId, context, epoch, expiresAt: now() + ttlMs });
    },
    forget() {
      epoch += 1;
      lastWrite = now();
      entries.clear();
    },
    setOn(value) {
      on = value;
      this.forget();
    },
    get on() {
      return on;
    },
    get size() {
      return entries.size;
    },
  };
}

/** True when the node (a table reference anywhere inside it) names one of the auth tables. */
function touchesAuthTables(node: unknown, depth = 0): boolean {
  if (!node || typeof node !== 'object' || depth > 12) return false;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && AUTH_TABLES.has(n.table?.identifier?.name ?? '')) return true;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      if (value.some((v) => touchesAuthTables(v, depth + 1))) return true;
    } else if (value && typeof value === 'object' && touchesAuthTables(value, depth + 1)) return true;
  }
  return false;
}

/** The target table of a write: the node Kysely inserts into, updates, deletes from or merges into. */
function writeTarget(node: RootOperationNode): OperationNode | undefined {
  if (InsertQueryNode.is(node) || MergeQueryNode.is(node)) return node.into;
  if (UpdateQueryNode.is(node)) return node.table;
  if (DeleteQueryNode.is(node)) return node.from;
  return undefined;
}

/** A Kysely plugin: any write to users, sessions or roles makes the cache forget, before and after it runs. */
export function forgetOnAuthWrites(cache: SessionCache): KyselyPlugin {
  const writes = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (touchesAuthTables(writeTarget(node))) {
        writes.add(queryId);
        cache.forget();
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writes.has(queryId)) cache.forget();
      return result;
    },
  };
}

/** The channel migration 0025's triggers notify on a write to users, sessions or roles. */
export const AUTH_CHANNEL = 'dealmap_auth';

/**
 * Several servers on one PostgreSQL database: the cache forgets on every other server's write to the
 * auth tables (their notices), and is off until the notices come (at start, and after the notice
 * connection drops, until it is back). PGlite: nothing to listen to (one process).
 */
export function forgetOnOtherServersWrites(
  database: Pick<Database, 'listen'>,
  cache: SessionCache,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): NoticeSubscription | null {
  if (!database.listen) return null;
  cache.setOn(false);
  let lostOnce = false;
  return database.listen(AUTH_CHANNEL, {
    onNotice: () => cache.forget(),
    onListening: () => {
      cache.setOn(true);
      if (lostOnce) log?.info('Session checks are remembered again (the auth notices are back)');
    },
    onLost: (error) => {
      cache.setOn(false);
      if (!lostOnce) log?.warn({ err: error }, 'Auth notices lost: session checks are not remembered until they are back');
      lostOnce = true;
    },
  });
}
