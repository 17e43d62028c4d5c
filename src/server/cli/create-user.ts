import { parseArgs } from 'node:util';
import type { RoleName } from '../../shared/api-types';
import { ROLE_NAMES } from '../../shared/roles';
import { checkEmail, checkPasswordPolicy } from '../../shared/validation';
import { loadConfig } from '../lib/app-config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { createDatabase, migrateToLatest } from '../db/database';
import { seed } from '../seed';
import { hashPassword } from '../modules/auth';
import { createUsersRepository } from '../modules/users';

const USAGE = `Usage: node dist/server/cli/create-user.js --email <email> --password <password> --role <Admin|Agent|Investor> [--first-name <name>] [--last-name <name>]

Creates the user in the configured database (DATABASE_URL, else PGlite in DATA_DIR),
or updates the role and password of an existing user with that email.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = (values.email ?? '').trim().toLowerCase();
  const password = values.password ?? '';
  const role = ROLE_NAMES.find((r) => r.toLowerCase() === (values.role ?? '').trim().toLowerCase());
  const problems = [
    checkEmail(values.email),
    values.password === undefined ? 'Password is required' : checkPasswordPolicy(password),
    role ? undefined : `Role must be one of ${ROLE_NAMES.join(', ')}`,
  ].filter(Boolean);
  if (problems.length) fail(`${problems.join('\n')}\n\n${USAGE}`);

  const config = loadConfig();
  let database;
  try {
    database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.pgPoolSize });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  try {
    await migrateToLatest(database);
    await seed(database.db); // roles and catalogues; the first admin is the server's job
    const users = createUsersRepository(database.db);
    const roleId = (await users.findRoleId(role as RoleName))!;
    const passwordHash = await hashPassword(password);
    const existing = await users.findIdByUsername(email);
    if (existing) {
      await users.setRoleAndPassword(existing, {
        roleId,
        passwordHash,
        firstName: values['first-name']?.trim(),
        lastName: values['last-name']?.trim(),
      });
      console.log(`Updated user ${email}: role ${role}, new password set.`);
    } else {
      await users.insert({
        firstName: (values['first-name'] ?? '').trim(),
        lastName: (values['last-name'] ?? '').trim(),
        username: email,
        passwordHash,
        roleId,
      });
      console.log(`Created user ${email} with role ${role}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
