import type { UserDetails } from '../../../shared/investor-types';
import { validateChangePassword, validateUserDetails } from '../../../shared/validation';
import { badRequest, conflict, throwIfInvalid, unauthorized } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { verifyPassword } from '../auth';
import type { AccountRepository, DetailsRow } from './repository';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'The new password must be different from the current password',
  passwordChanged: 'Password changed successfully',
} as const;

export interface AccountServiceDeps {
  hashPassword(password: string): Promise<string>;
}

const toDetails = (row: DetailsRow): UserDetails => ({ firstName: row.first_name, lastName: row.last_name, email: row.username });

export function createAccountService(repository: AccountRepository, deps: AccountServiceDeps) {
  return {
    async getDetails(userId: string): Promise<UserDetails> {
      const row = await repository.findDetails(userId);
      if (!row) throw unauthorized();
      return toDetails(row);
    },

    /** Trimmed; the email is the username, stored lower-cased. 409 when another user has it. */
    async updateDetails(userId: string, body: Partial<UserDetails>): Promise<UserDetails> {
      const values = {
        firstName: (body.firstName ?? '').trim(),
        lastName: (body.lastName ?? '').trim(),
        email: (body.email ?? '').trim(),
      };
      throwIfInvalid(validateUserDetails(values));
      let row: DetailsRow | undefined;
      try {
        row = await repository.updateDetails(userId, { ...values, username: values.email.toLowerCase() });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
        throw error;
      }
      if (!row) throw unauthorized();
      return toDetails(row);
    },

    /**
     * Checks the current password (400, never 401: the client takes a 401 for an expired token),
     * sets the new one and ends every other session of the user; `sessionId` stays signed in.
     */
    async changePassword(
      userId: string,
      sessionId: string,
      body: { currentPassword?: string; newPassword?: string },
    ): Promise<void> {
      throwIfInvalid(validateChangePassword(body));
      const currentPassword = body.currentPassword as string;
      const newPassword = body.newPassword as string;
      const stored = await repository.findPasswordHash(userId);
      if (!stored) throw unauthorized();
      if (!(await verifyPassword(currentPassword, stored))) {
        throw badRequest(ACCOUNT_MESSAGES.currentPasswordIncorrect, {
          currentPassword: ACCOUNT_MESSAGES.currentPasswordIncorrect,
        });
      }
      if (newPassword === currentPassword) {
        throw badRequest(ACCOUNT_MESSAGES.samePassword, { newPassword: ACCOUNT_MESSAGES.samePassword });
      }
      await repository.changePassword(userId, await deps.hashPassword(newPassword), sessionId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
