export const ROLE_NAMES = ['Admin', 'Agent', 'Investor'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** An unknown or missing role is treated as Investor. */
export function normalizeRole(role: string | null | undefined): RoleName {
  return (ROLE_NAMES as readonly string[]).includes(role ?? '') ? (role as RoleName) : 'Investor';
}

export const isAdmin = (role: string | null | undefined): boolean => normalizeRole(role) === 'Admin';
export const isAgent = (role: string | null | undefined): boolean => normalizeRole(role) === 'Agent';
