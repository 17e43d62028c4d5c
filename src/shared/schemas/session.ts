import { Type, type Static } from '@sinclair/typebox';
import { ROLE_NAMES } from '../roles';
import { DateTime, Id, Nullable, StringEnum } from './common';
import { OfferTargets } from './profile';

/** The three roles (an unknown role is treated as Investor: src/shared/roles.ts). */
export const RoleName = StringEnum(ROLE_NAMES);
export type RoleName = Static<typeof RoleName>;

export const Role = Type.Object({ _id: Id, name: RoleName });
export type Role = Static<typeof Role>;

export const UserProfile = Type.Object({
  role: RoleName,
  /** Strategy ids the user chose on the profile. */
  strategies: Type.Array(Id),
  markets: Type.Array(Id),
  interests: Type.Array(Id),
  experience: Nullable(Type.String()),
  /** The targets of the max offer (profile): cash-on-cash of the rentals, a flip's profit as a share of ARV. */
  offerTargets: OfferTargets,
});
export type UserProfile = Static<typeof UserProfile>;

export const User = Type.Object({
  _id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  /** The email address. */
  username: Type.String(),
  roleId: Id,
  role: RoleName,
  roleName: RoleName,
  accountId: Nullable(Id),
  accountName: Nullable(Type.String()),
  active: Type.Boolean(),
  /** Null when the user never signed in. */
  lastLogin: Nullable(DateTime),
  profile: UserProfile,
});
export type User = Static<typeof User>;

/** The login, signup and refresh answers; the browser stores it whole. */
export const SessionResponse = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  user: User,
});
export type SessionResponse = Static<typeof SessionResponse>;
