import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ROLE_NAMES } from '../../shared/roles';
import type { Db } from './database';

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
}

export const DEFAULT_ADMIN_EMAIL = 'admin@dealmap.local';

async function tableIsEmpty(db: Db, table: 'strategies' | 'interests'): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * Idempotent. Roles always exist; the catalogues are filled only when empty (so an admin's
 * deletions stick); the first admin is created only while no Admin exists.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  for (const name of ROLE_NAMES) {
    await db
      .insertInto('roles')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  if (await tableIsEmpty(db, 'strategies')) {
    // Distinct created_at values keep the catalogue order (lookups sort by created_at).
    const start = Date.now();
    await db
      .insertInto('strategies')
      .values(
        SEED_STRATEGIES.map((strategy, i) => ({ ...strategy, created_at: new Date(start + i), updated_at: new Date(start + i) })),
      )
      .execute();
  }
  if (await tableIsEmpty(db, 'interests')) {
    await db.insertInto('interests').values(SEED_INTERESTS).execute();
  }

  const result: SeedResult = {};
  if (!options.admin) return result;

  const admin = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.username'])
    .where('roles.name', '=', 'Admin')
    .orderBy('users.created_at')
    .executeTakeFirst();
  if (admin) {
    result.adminEmail = admin.username;
    return result;
  }

  const email = (options.admin.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', email)
    .executeTakeFirst();
  if (taken) {
    result.adminSkipped = email;
    return result;
  }
  const generatedPassword = options.admin.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.admin.password ?? generatedPassword!;
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Admin').executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      first_name: 'Dealmap',
      last_name: 'Admin',
      username: email,
      password_hash: await options.admin.hashPassword(password),
      role_id: role.id,
    })
    .execute();
  result.adminCreated = { email, generatedPassword };
  result.adminEmail = email;
  return result;
}
