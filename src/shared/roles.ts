import type { RoleName } from './api-types';

export const ROLE_NAMES: readonly RoleName[] = ['Admin', 'Agent', 'Investor'];

/** An unknown or missing role is treated as Investor (spec section 6). */
export function normalizeRole(role: string | null | undefined): RoleName {
  return (ROLE_NAMES as readonly string[]).includes(role ?? '') ? (role as RoleName) : 'Investor';
}

export const isAdmin = (role: string | null | undefined): boolean => normalizeRole(role) === 'Admin';
export const isAgent = (role: string | null | undefined): boolean => normalizeRole(role) === 'Agent';
