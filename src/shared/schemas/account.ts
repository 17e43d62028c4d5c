import { Type, type Static } from '@sinclair/typebox';

/** GET/PATCH /userDetails: the signed-in user's name and address. `email` is the username. */
export const UserDetails = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
});
export type UserDetails = Static<typeof UserDetails>;

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * PATCH /userDetails. Types and lengths only: required fields and the address format are checked
 * by the shared rules after trimming, so the messages are the account form's own.
 */
export const UserDetailsRequest = Type.Object({ firstName: Text(100), lastName: Text(100), email: Text(254) });

/** POST /changePassword. Both fields are required (checked with the form's messages). */
export const ChangePasswordRequest = Type.Object({ currentPassword: Text(1024), newPassword: Text(1024) });
export type ChangePasswordRequest = Required<Static<typeof ChangePasswordRequest>>;

/** The answer of POST /changePassword: 'Password changed successfully'. */
export const ChangePasswordAnswer = Type.Object({ message: Type.String() });
