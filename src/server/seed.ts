import { randomBytes } from 'node:crypto';
import { ROLE_NAMES } from '../shared/roles';
import { createClusterLocks } from './db/cluster-lock';
import { migrateToLatest, type Database, type Db } from './db/database';
import { migrationState, PendingMigrationsError } from './db/migration-state';
import { seedCatalog } from './modules/catalog';
import { createUsersRepository } from './modules/users';

export const SEED_STRATEGIES = [
  {
    name: 'Buy & Hold',
    description: 'Buy a property and rent it out long term, earning monthly cash flow while the value and your equity grow.',
  },
  {
    name: 'BRRRR',
    description:
      'Buy, Rehab, Rent, Refinance, Repeat: force appreciation with repairs, then refinance to pull your cash out for the next deal.',
  },
  {
    name: "Fix'N'Flip",
    description: 'Buy a property below market value, renovate it and sell it quickly for a profit.',
  },
  {
    name: 'Short-term Rental',
    description: 'Furnish a property and rent it by the night to travellers, trading more work for higher revenue.',
  },
];

export const SEED_INTERESTS = [
  { name: 'Single-family homes', description: 'Detached houses for one household.' },
  { name: 'Small multifamily (2–4 units)', description: 'Duplexes, triplexes and fourplexes.' },
  { name: 'Large multifamily', description: 'Apartment buildings with five or more units.' },
  { name: 'Condos & townhomes', description: 'Units in shared buildings or attached rows, usually with an HOA.' },
  { name: 'Vacation rentals', description: 'Homes in travel destinations rented by the night or week.' },
  { name: 'Land', description: 'Vacant lots and acreage to hold or develop.' },
  { name: 'Commercial', description: 'Retail, office and industrial properties.' },
  { name: 'Distressed & foreclosures', description: 'Bank-owned, pre-foreclosure and properties needing major repairs.' },
  { name: 'Wholesale deals', description: 'Properties under contract offered for assignment to another buyer.' },
];

export interface SeedOptions {
  /** Create the first Admin when there is none. */
  admin?: {
    email?: string;
    password?: string;
    hashPassword(password: string): Promise<string>;
  };
}

export interface SeedResult {
  /** Set only when this run created the first admin. */
  adminCreated?: { email: string; generatedPassword?: string };
  /** Set when the first admin could not be created because its address belongs to another user. */
  adminSkipped?: string;
  /** An Admin's email (the one created, or one that exists), for the start-up summary. */
  adminEmail?: string;
  /** migrateAndSeed: a newer release's migrations the database has, which this release runs on. */
  newerMigrations?: string[];
}

export interface StartOptions extends SeedOptions {
  /** false (MIGRATE_ON_START=0): migrations are run apart (`npm run migrate`); a database lacking one is refused. */
  migrate?: boolean;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@dealmap.local';

/**
 * Idempotent. Roles always exist; the catalogues are filled only when empty (so an admin's
 * deletions stick); the first admin is created only while no Admin exists.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const users = createUsersRepository(db);
  await users.ensureRoles(ROLE_NAMES);
  await seedCatalog(db, 'strategies', SEED_STRATEGIES);
  await seedCatalog(db, 'interests', SEED_INTERESTS);

  const result: SeedResult = {};
  if (!options.admin) return result;

  const adminEmail = await users.findFirstUsernameWithRole('Admin');
  if (adminEmail) {
    result.adminEmail = adminEmail;
    return result;
  }

  const email = (options.admin.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  if (await users.findIdByUsername(email)) {
    result.adminSkipped = email;
    return result;
  }
  const generatedPassword = options.admin.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.admin.password ?? generatedPassword!;
  await users.insert({
    firstName: 'Dealmap',
    lastName: 'Admin',
    username: email,
    passwordHash: await options.admin.hashPassword(password),
    roleId: (await users.findRoleId('Admin'))!,
  });
  result.adminCreated = { email, generatedPassword };
  result.adminEmail = email;
  return result;
}

/**
 * Migrations and the seed at start, done once however many servers start at once on one database:
 * the first to take the startup lock does them, the others wait for it and then find nothing to do.
 */
export function migrateAndSeed(database: Database, options: StartOptions): Promise<SeedResult> {
  return createClusterLocks(database).run('startup', async () => {
    if (options.migrate !== false) await migrateToLatest(database);
    const { pending, newer } = await migrationState(database);
    if (pending.length) throw new PendingMigrationsError(pending);
    const result = await seed(database.db, options);
    return newer.length ? { ...result, newerMigrations: newer } : result;
  });
}
