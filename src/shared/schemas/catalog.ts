import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/** The catalogues an Admin keeps and users choose from (lookups and the admin settings). */

export const Strategy = Type.Object({ _id: Id, name: Type.String(), description: Type.String(), active: Type.Boolean() });
export type Strategy = Static<typeof Strategy>;

export const Market = Type.Object({
  _id: Id,
  city: Type.String(),
  state: Type.String(),
  description: Type.String(),
  active: Type.Boolean(),
});
export type Market = Static<typeof Market>;

export const Interest = Type.Object({ _id: Id, name: Type.String(), description: Type.String(), active: Type.Boolean() });
export type Interest = Static<typeof Interest>;

export const Account = Type.Object({ _id: Id, name: Type.String(), active: Type.Boolean() });
export type Account = Static<typeof Account>;
