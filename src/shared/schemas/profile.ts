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

/** The accepted range of each offer target, percent. */
export const OFFER_TARGET_RANGE = { min: 0, max: 100 } as const;

/**
 * The user's targets for the max offer (src/shared/invest/max-offer.ts): the cash-on-cash return a
 * rental must pay (Buy & Hold, BRRRR, Short-term Rental) and a flip's profit as a share of its ARV.
 * Percents: 8 means 8 %.
 */
export const OfferTargets = Type.Object(
  {
    cashOnCashPercent: Type.Number({
      minimum: OFFER_TARGET_RANGE.min,
      maximum: OFFER_TARGET_RANGE.max,
      description: 'Target cash-on-cash return of Buy & Hold, BRRRR and Short-term Rental, percent a year.',
    }),
    flipProfitPercent: Type.Number({
      minimum: OFFER_TARGET_RANGE.min,
      maximum: OFFER_TARGET_RANGE.max,
      description: "Target Fix'N'Flip profit, percent of the after-repair value.",
    }),
  },
  { additionalProperties: false },
);
export type OfferTargets = Static<typeof OfferTargets>;

/**
 * PATCH /profile/targets: both targets. Any JSON value passes the schema so the answer can say what
 * is accepted (offerTargetProblems in src/shared/invest/max-offer.ts).
 */
export const OfferTargetsRequest = Type.Object(
  { cashOnCashPercent: Type.Unknown(), flipProfitPercent: Type.Unknown() },
  { additionalProperties: false },
);
