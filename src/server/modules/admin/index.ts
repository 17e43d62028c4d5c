import type { TSchema } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { createCatalogSection } from './catalog';
import { ACCOUNTS, INTERESTS, MARKETS, STRATEGIES } from './catalog-definitions';
import type { ImportingSection } from './section';
import { createUserImportJobs, type UserImportJobs, type UserImportJobsOptions } from './user-import-jobs';
import { createUsersSection, type UsersSection } from './users-service';

export { adminRoutes, type AdminRouteOptions } from './routes';
export { countsRoutes } from './counts-routes';

export interface AdminSections {
  users: UsersSection;
  userImports: UserImportJobs;
  /** markets, interests, strategies, accounts: in the order of the side navigation. */
  catalogs: Array<ImportingSection<TSchema, unknown>>;
}

/** The five admin sections and the users' import jobs. */
export function createAdminSections(db: Db, deps: UserImportJobsOptions): AdminSections {
  return {
    users: createUsersSection(db, deps),
    userImports: createUserImportJobs(db, deps),
    catalogs: [
      createCatalogSection(db, MARKETS),
      createCatalogSection(db, INTERESTS),
      createCatalogSection(db, STRATEGIES),
      createCatalogSection(db, ACCOUNTS),
    ],
  };
}
