import type { User } from '../../../shared/api-types';
import { normalizeRole } from '../../../shared/roles';
import type { UserProfileIds, UserRecord, UsersRepository } from './repository';

/** The wire User; never carries the password hash. */
export function toUser(record: UserRecord, profile: UserProfileIds): User {
  const role = normalizeRole(record.role_name);
  return {
    _id: record.id,
    firstName: record.first_name,
    lastName: record.last_name,
    username: record.username,
    roleId: record.role_id,
    role,
    roleName: role,
    accountId: record.account_id,
    accountName: record.account_name,
    active: record.active,
    lastLogin: record.last_login ? new Date(record.last_login).toISOString() : null,
    profile: {
      role,
      ...profile,
      experience: record.experience,
      offerTargets: {
        cashOnCashPercent: Number(record.target_cash_on_cash_percent),
        flipProfitPercent: Number(record.target_flip_profit_percent),
      },
    },
  };
}

export function createUsersService(repository: UsersRepository) {
  return {
    async getUser(userId: string): Promise<User | undefined> {
      const record = await repository.findById(userId);
      if (!record) return undefined;
      return toUser(record, await repository.findProfileIds(userId));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
