import { Envelope } from '../../../shared/schemas/common';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../../../shared/investor-types';
import { offerTargetProblems } from '../../../shared/invest/max-offer';
import { ExperienceRequest, OfferTargetsRequest, ProfileUpdates } from '../../../shared/schemas/profile';
import { User } from '../../../shared/schemas/session';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import type { UsersService } from '../users';
import { badRequest, unauthorized } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { createProfileRepository, PROFILE_TABLES, type ProfileListKind } from './repository';

export { MAX_PROFILE_UPDATES } from '../../../shared/schemas/profile';

const NAMES: Record<ProfileListKind, { singular: string; plural: string }> = {
  strategies: { singular: 'strategy', plural: 'strategies' },
  markets: { singular: 'market', plural: 'markets' },
  interests: { singular: 'interest', plural: 'interests' },
};

export const PROFILE_MESSAGES = {
  badId: (kind: ProfileListKind, id: string) => `"${id.slice(0, 60)}" is not a valid ${NAMES[kind].singular} id`,
  unknown: (kind: ProfileListKind, ids: string[]) => {
    const { singular, plural } = NAMES[kind];
    return ids.length === 1 ? `Unknown or inactive ${singular}: ${ids[0]}` : `Unknown or inactive ${plural}: ${ids.join(', ')}`;
  },
  experience: `Experience must be one of: ${EXPERIENCE_LEVELS.map((l) => l.id).join(', ')}, or null to clear it`,
} as const;

const EXPERIENCE_IDS: readonly string[] = EXPERIENCE_LEVELS.map((l) => l.id);
const isExperience = (value: unknown): value is ExperienceLevel | null =>
  value === null || (typeof value === 'string' && EXPERIENCE_IDS.includes(value));

/**
 * PATCH /profile/strategies|markets|interests {updates: [ids]} (every id an active catalogue item,
 * else 400 and nothing changes), PATCH /profile/experience {experience} and PATCH /profile/targets
 * {cashOnCashPercent, flipProfitPercent} (each a number from 0 to 100) → the updated User.
 * Under /api/v1/auth.
 */
export const profileRoutes: RoutePlugin<RouteOptions & { users: UsersService }> = async (app, { ctx, users }) => {
  const profile = createProfileRepository(ctx.db);
  const updatedUser = async (userId: string) => {
    const user = await users.getUser(userId);
    if (!user) throw unauthorized();
    return { data: user };
  };

  for (const kind of Object.keys(PROFILE_TABLES) as ProfileListKind[]) {
    app.patch(`/profile/${kind}`, { schema: { body: ProfileUpdates, response: { 200: Envelope(User) } } }, async (request) => {
      const userId = request.auth!.userId;
      const ids = [...new Set(request.body.updates.map((id) => id.trim().toLowerCase()))];
      const bad = ids.find((id) => !isUuid(id));
      if (bad !== undefined) throw badRequest(PROFILE_MESSAGES.badId(kind, bad), { updates: PROFILE_MESSAGES.badId(kind, bad) });
      const { missing } = await profile.replaceList(userId, kind, ids);
      if (missing.length) {
        throw badRequest(PROFILE_MESSAGES.unknown(kind, missing), { updates: PROFILE_MESSAGES.unknown(kind, missing) });
      }
      return updatedUser(userId);
    });
  }

  app.patch(
    '/profile/experience',
    { schema: { body: ExperienceRequest, response: { 200: Envelope(User) } } },
    async (request) => {
      const { experience } = request.body;
      if (!isExperience(experience)) throw badRequest(PROFILE_MESSAGES.experience, { experience: PROFILE_MESSAGES.experience });
      await profile.setExperience(request.auth!.userId, experience);
      return updatedUser(request.auth!.userId);
    },
  );

  app.patch('/profile/targets', { schema: { body: OfferTargetsRequest, response: { 200: Envelope(User) } } }, async (request) => {
    const body = request.body as Record<string, unknown>;
    const problems = offerTargetProblems(body);
    const messages = Object.values(problems);
    if (messages.length) throw badRequest(messages.join('. '), problems);
    await profile.setOfferTargets(request.auth!.userId, {
      cashOnCashPercent: body.cashOnCashPercent as number,
      flipProfitPercent: body.flipProfitPercent as number,
    });
    return updatedUser(request.auth!.userId);
  });
};
