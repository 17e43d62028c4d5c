import { Type, type Static } from '@sinclair/typebox';

/** At most this many ids per call (the catalogues are small). */
export const MAX_PROFILE_UPDATES = 500;

/** PATCH /profile/strategies|markets|interests: the whole new set of catalogue ids. */
export const ProfileUpdates = Type.Object(
  { updates: Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_PROFILE_UPDATES }) },
  { additionalProperties: false },
);
export type ProfileUpdates = Static<typeof ProfileUpdates>;

/**
 * PATCH /profile/experience: one of EXPERIENCE_LEVELS' ids (src/shared/investor-types.ts), or null
 * to clear it. Any JSON value passes the schema so the answer can list the accepted values.
 */
export const ExperienceRequest = Type.Object({ experience: Type.Unknown() }, { additionalProperties: false });
