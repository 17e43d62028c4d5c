import { Type, type Static } from '@sinclair/typebox';
import { STRATEGY_KEYS } from '../vocabulary';
import { DateTime, Id, StringEnum } from './common';
import { StoredBRRRRResults, StoredBuyHoldResults, StoredFixFlipResults, StoredShortTermResults } from './results';
import { WhatIf } from './what-if';

export const StrategyKey = StringEnum(STRATEGY_KEYS);
export type StrategyKey = Static<typeof StrategyKey>;

/** The property as it was when a calculation was saved, or as it is now. */
export const PropertySnapshot = Type.Object({
  listPrice: Type.Number(),
  rate: Type.Number({ description: 'The 30-year rate (percent) the calculation used, or the latest one now.' }),
  compIDs: Type.Array(Id),
});
export type PropertySnapshot = Static<typeof PropertySnapshot>;

/** The spec fields of each strategy, rounded for display, as the server recomputed them from `whatIf`. */
export const SavedResults = Type.Object({
  BuyHoldResults: StoredBuyHoldResults,
  BRRRRResults: StoredBRRRRResults,
  FixFlipResults: StoredFixFlipResults,
  ShortTermResults: StoredShortTermResults,
});
export type SavedResults = Static<typeof SavedResults>;

export const SavedCalculation = Type.Object({
  _id: Id,
  name: Type.String(),
  propertyId: Id,
  propertyAddress: Type.String({ description: '"123 Main St, Austin, TX 78701", as the property reads now.' }),
  strategy: StrategyKey,
  whatIf: WhatIf,
  results: SavedResults,
  saved: PropertySnapshot,
  current: PropertySnapshot,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SavedCalculation = Static<typeof SavedCalculation>;

/** Names are checked after trimming (1–120); the schema only bounds the raw text. */
const Name = Type.String({ maxLength: 1000 });

/**
 * POST /saved-calculations. The server takes the comp set and the list price from the property
 * itself. `whatIf` is checked by whatIfProblems, which names every wrong input with its label.
 */
export const NewSavedCalculation = Type.Object(
  { name: Name, propertyId: Type.String({ maxLength: 200 }), strategy: StrategyKey, whatIf: Type.Unknown() },
  { additionalProperties: false },
);
export type NewSavedCalculation = Omit<Static<typeof NewSavedCalculation>, 'whatIf'> & { whatIf: WhatIf };

/** PATCH /saved-calculations/:id. */
export const RenameSavedCalculation = Type.Object({ name: Name }, { additionalProperties: false });
export type RenameSavedCalculation = Static<typeof RenameSavedCalculation>;
