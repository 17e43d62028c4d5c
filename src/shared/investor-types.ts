import type { WhatIf } from './invest/what-if';

/**
 * Wire types of the investor pages' calls (docs/investor-api.md), shared by the server and the
 * client. All under /api/v1/auth; responses are `{data: ...}`.
 */

/** GET/PATCH /userDetails. `email` is the username. */
export interface UserDetails {
  firstName: string;
  lastName: string;
  email: string;
}

/** POST /changePassword. */
export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

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

export type StrategyKey = 'buyHold' | 'brrrr' | 'fixFlip' | 'shortTerm';

/** The property as it was when a calculation was saved, or as it is now. */
export interface PropertySnapshot {
  listPrice: number;
  /** The 30-year rate (percent) the calculation used, or the latest one now. */
  rate: number;
  compIDs: string[];
}

/** Spec fields of each strategy, rounded for display, as the server recomputed them from `whatIf`. */
export interface SavedResults {
  BuyHoldResults: Record<string, number | boolean | null>;
  BRRRRResults: Record<string, number | boolean | null>;
  FixFlipResults: Record<string, number | boolean | null>;
  ShortTermResults: Record<string, number | boolean | null>;
}

export interface SavedCalculation {
  _id: string;
  name: string;
  propertyId: string;
  /** "123 Main St, Austin, TX 78701", as the property reads now. */
  propertyAddress: string;
  /** The strategy the user was looking at when saving (opens on that tab). */
  strategy: StrategyKey;
  whatIf: WhatIf;
  results: SavedResults;
  /** At save time. */
  saved: PropertySnapshot;
  /** Now: the listing's current price, the latest 30-year rate and the current comp set. */
  current: PropertySnapshot;
  createdAt: string;
  updatedAt: string;
}

/** POST /saved-calculations. The server takes the comp set and the list price from the property itself. */
export interface NewSavedCalculation {
  name: string;
  propertyId: string;
  strategy: StrategyKey;
  whatIf: WhatIf;
}

/** PATCH /saved-calculations/:id. */
export interface RenameSavedCalculation {
  name: string;
}

export interface ContactProperty {
  _id: string;
  address: string;
  listPrice: number;
}

export interface Contact {
  _id: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  properties: ContactProperty[];
  createdAt: string;
  updatedAt: string;
}

/** POST /contacts and PUT /contacts/:id. Empty strings clear optional fields. */
export interface ContactInput {
  name: string;
  email: string;
  phone: string;
  notes: string;
  propertyIds: string[];
}
