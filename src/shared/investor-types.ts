/**
 * The investor pages' wire types (docs/investor-api.md), by name. Each is defined once as a TypeBox
 * schema in src/shared/schemas; this module re-exports their types and holds the experience levels.
 */
export type { ChangePasswordRequest as ChangePasswordBody, UserDetails } from './schemas/account';
export type { Contact, ContactInput, ContactProperty } from './schemas/contacts';
export type {
  NewSavedCalculation,
  PropertySnapshot,
  RenameSavedCalculation,
  SavedCalculation,
  SavedResults,
} from './schemas/saved-calculations';

export { STRATEGY_KEYS, type StrategyKey } from './vocabulary';

/** PATCH /profile/experience: one of EXPERIENCE_LEVELS' ids, or null to clear it. */
export interface ExperienceBody {
  experience: ExperienceLevel | null;
}

export const EXPERIENCE_LEVELS = [
  { id: 'new', label: 'New to investing', description: 'No deals yet: learning how to analyse one.' },
  { id: 'starter', label: '1–2 deals', description: 'Bought or flipped a property or two.' },
  { id: 'experienced', label: '3–10 deals', description: 'A small portfolio; comfortable with financing and rehab.' },
  { id: 'professional', label: 'More than 10 deals', description: 'Investing is the main business.' },
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]['id'];
