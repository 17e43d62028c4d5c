/** Users created by e2e/start-server.sh before the server starts. */
export const USERS = {
  admin: { email: 'admin@e2e.test', password: 'admin-password-1' },
  agent: { email: 'agent@e2e.test', password: 'agent-password-1' },
  investor: { email: 'investor@e2e.test', password: 'investor-password-1' },
} as const;

export const DATA_DIR = `${__dirname}/../.e2e-data`;

let counter = 0;
/** A unique address per call, so specs never collide across runs. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}
