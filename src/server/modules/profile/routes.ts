import { Type, type Static } from '@sinclair/typebox';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../../../shared/investor-types';
import type { RouteOptions } from '../../context';
import { badRequest, unauthorized } from '../../http/errors';

/** The three profile sets (spec section 7): table, id column, catalogue table, and the item's name. */
export const PROFILE_LISTS = {
  strategies: {
    table: 'user_strategies',
    column: 'strategy_id',
    catalogue: 'strategies',
    singular: 'strategy',
    plural: 'strategies',
  },
  markets: { table: 'user_markets', column: 'market_id', catalogue: 'markets', singular: 'market', plural: 'markets' },
  interests: {
    table: 'user_interests',
    column: 'interest_id',
    catalogue: 'interests',
    singular: 'interest',
    plural: 'interests',
  },
} as const;
export type ProfileListKind = keyof typeof PROFILE_LISTS;

/** At most this many ids per call (the catalogues are small). */
export const MAX_PROFILE_UPDATES = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PROFILE_MESSAGES = {
  badId: (kind: ProfileListKind, id: string) => `"${id.slice(0, 60)}" is not a valid ${PROFILE_LISTS[kind].singular} id`,
  unknown: (kind: ProfileListKind, ids: string[]) => {
    const { singular, plural } = PROFILE_LISTS[kind];
    return ids.length === 1 ? `Unknown or inactive ${singular}: ${ids[0]}` : `Unknown or inactive ${plural}: ${ids.join(', ')}`;
  },
  experience: `Experience must be one of: ${EXPERIENCE_LEVELS.map((l) => l.id).join(', ')}, or null to clear it`,
} as const;

const EXPERIENCE_IDS: readonly string[] = EXPERIENCE_LEVELS.map((l) => l.id);

/** Any JSON value: the handler checks it, so the message can list the accepted values and null. */
const ExperienceBody = Type.Object({ experience: Type.Unknown() }, { additionalProperties: false });

const UpdatesBody = Type.Object(
  { updates: Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_PROFILE_UPDATES }) },
  { additionalProperties: false },
);
type Body = Static<typeof UpdatesBody>;

/**
 * Replaces the user's set with `ids` in one transaction. Every id must be an active item of the
 * catalogue, else 400 and nothing changes.
 */
export async function replaceProfileList(
  db: Kysely<any>,
  userId: string,
  kind: ProfileListKind,
  rawIds: string[],
): Promise<void> {
  const spec = PROFILE_LISTS[kind];
  const ids = [...new Set(rawIds.map((id) => id.trim().toLowerCase()))];
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined) {
    const message = PROFILE_MESSAGES.badId(kind, bad);
    throw badRequest(message, { updates: message });
  }
  await db.transaction().execute(async (trx) => {
    if (ids.length) {
      const found = await sql<{ id: string }>`
        select id::text as id from ${sql.table(spec.catalogue)}
        where active and id in (select x::uuid from json_array_elements_text(${JSON.stringify(ids)}::json) as x)`.execute(trx);
      const active = new Set(found.rows.map((r) => r.id.toLowerCase()));
      const missing = ids.filter((id) => !active.has(id));
      if (missing.length) {
        const message = PROFILE_MESSAGES.unknown(kind, missing);
        throw badRequest(message, { updates: message });
      }
    }
    await sql`delete from ${sql.table(spec.table)} where user_id = ${userId}::uuid`.execute(trx);
    if (ids.length) {
      await sql`
        insert into ${sql.table(spec.table)} (user_id, ${sql.ref(spec.column)})
        select ${userId}::uuid, x::uuid from json_array_elements_text(${JSON.stringify(ids)}::json) as x`.execute(trx);
    }
  });
}

/**
 * PATCH /profile/strategies|markets|interests {updates: [ids]} and PATCH /profile/experience
 * {experience} → the updated User. Under /api/v1/auth.
 */
export async function profileRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const updatedUser = async (userId: string) => {
    const user = await ctx.services.users.getUser(userId);
    if (!user) throw unauthorized();
    return { data: user };
  };

  for (const kind of Object.keys(PROFILE_LISTS) as ProfileListKind[]) {
    app.patch<{ Body: Body }>(`/profile/${kind}`, { schema: { body: UpdatesBody } }, async (request) => {
      const userId = request.auth!.userId;
      await replaceProfileList(ctx.db as unknown as Kysely<any>, userId, kind, request.body.updates);
      return updatedUser(userId);
    });
  }

  app.patch<{ Body: { experience: unknown } }>('/profile/experience', { schema: { body: ExperienceBody } }, async (request) => {
    const { experience } = request.body;
    if (experience !== null && !(typeof experience === 'string' && EXPERIENCE_IDS.includes(experience))) {
      throw badRequest(PROFILE_MESSAGES.experience, { experience: PROFILE_MESSAGES.experience });
    }
    const userId = request.auth!.userId;
    await ctx.db
      .updateTable('users')
      .set({ experience: experience as ExperienceLevel | null, updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .execute();
    return updatedUser(userId);
  });
}
