import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../validation/messages';
import { EMAIL_FORMAT, NOT_BLANK } from './formats';

/** The public sign-in, sign-up, refresh and password-reset calls (under /api/v1). */

const Email = Type.String({ minLength: 1, maxLength: 254, pattern: NOT_BLANK, format: EMAIL_FORMAT });
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const Token = Type.String({ minLength: 1, maxLength: 512 });

/** POST /login: `username` is the email. */
export const LoginRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254, pattern: NOT_BLANK }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginRequest = Static<typeof LoginRequest>;

/** POST /signup. */
export const SignupRequest = Type.Object({ email: Email, password: NewPassword });
export type SignupRequest = Static<typeof SignupRequest>;

/** POST /refresh-token. */
export const RefreshRequest = Type.Object({ refreshToken: Token });
export type RefreshRequest = Static<typeof RefreshRequest>;

/** DELETE /session/:token. */
export const SessionParams = Type.Object({ token: Token });

/** POST /forgot-password: `username` is the email. */
export const ForgotPasswordRequest = Type.Object({ username: Email });
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>;

/** GET /check-reset-token?token= */
export const CheckResetTokenQuery = Type.Object({ token: Token });
export const CheckResetTokenAnswer = Type.Object({ valid: Type.Literal(true) });

/** POST /reset-password. */
export const ResetPasswordRequest = Type.Object({ password: NewPassword, passwordResetToken: Token });
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;
