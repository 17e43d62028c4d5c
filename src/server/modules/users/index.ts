/** What other modules use of users: the repository and service, and how a user record becomes a User. */
export {
  createUsersRepository,
  selectUserRecords,
  type NewUserInput,
  type UserChanges,
  type UserProfileIds,
  type UserRecord,
  type UsersRepository,
} from './repository';
export { createUsersService, toUser, type UsersService } from './service';
