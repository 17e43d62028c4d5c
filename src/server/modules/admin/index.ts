import type { Db } from '../../db/database';
import { ACCOUNTS, INTERESTS, MARKETS, STRATEGIES, createCatalogSection } from './catalog';
import type { AdminSection } from './section';
import { createUsersSection, type UsersSectionDeps, type UsersSection } from './users';

export { adminRoutes } from './routes';
export { countsRoutes } from './counts-routes';

/** The five admin sections, in the order of the side navigation. */
export function createAdminSections(db: Db, deps: UsersSectionDeps): { users: UsersSection; sections: AdminSection[] } {
  const users = createUsersSection(db, deps);
  return {
    users,
    sections: [users, ...[MARKETS, INTERESTS, STRATEGIES, ACCOUNTS].map((def) => createCatalogSection(db, def))],
  };
}
