import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/validation';
import { EMAIL_FORMAT, NOT_BLANK } from '../../http/validation';

const Email = Type.String({ minLength: 1, maxLength: 254, pattern: NOT_BLANK, format: EMAIL_FORMAT });
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const Token = Type.String({ minLength: 1, maxLength: 512 });

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254, pattern: NOT_BLANK }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const SignupBody = Type.Object({ email: Email, password: NewPassword });
export type SignupBody = Static<typeof SignupBody>;

export const RefreshBody = Type.Object({ refreshToken: Token });
export type RefreshBody = Static<typeof RefreshBody>;

export const SessionParams = Type.Object({ token: Token });
export type SessionParams = Static<typeof SessionParams>;

export const ForgotPasswordBody = Type.Object({ username: Email });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const CheckResetTokenQuery = Type.Object({ token: Token });
export type CheckResetTokenQuery = Static<typeof CheckResetTokenQuery>;

export const ResetPasswordBody = Type.Object({ password: NewPassword, passwordResetToken: Token });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const NoQuery = Type.Object({});
