import type { FetchArgs } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { ApiScope } from '../constants';
import { createScopedBaseQuery, type ScopedArgs } from './base-query';

/** The base query of the one API (exported for its tests). */
export const baseQuery = createScopedBaseQuery({
  // A failed refresh has cleared the session: forget every cached answer.
  onSessionLost: (dispatch) => {
    dispatch(api.util.resetApiState());
  },
});

/**
 * The app's one RTK Query API: one cache, one middleware, one reset (`api.util.resetApiState()`).
 *
 * The spec's three slices are its scopes, and each feature injects its endpoints next to its code
 * (`api.injectEndpoints`, `enhanceEndpoints({ addTagTypes })` for tags only it uses). An endpoint's
 * `query` names its scope with one of the helpers below, which the base query reads:
 *
 * | helper       | base            | timeout | bearer token | re-auth on 401 |
 * |--------------|-----------------|---------|--------------|----------------|
 * | `publicCall` | `/api/v1`       | 5000 ms | no           | never          |
 * | `authCall`   | `/api/v1/auth`  | 8000 ms | yes          | yes            |
 * | `adminCall`  | `/api/v1/admin` | 8000 ms | yes          | yes            |
 *
 * Nothing revalidates on focus or reconnect (the admin area must not, and no other page asks to);
 * tags invalidate what a mutation makes stale, across scopes.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  /**
   * Tags more than one feature uses. `User` is the signed-in user (SIGNED_IN_USER) and, in the admin
   * area, the users list and each user by id; `Count` the dashboard's counts (`users`, `markets`);
   * `Lookup` the public catalogues (`strategies`, `markets`, `interests`).
   */
  // Saved searches and notifications are two features' tags declared here: opening a saved search
  // marks its notifications read, so the one invalidates the other's.
  tagTypes: ['User', 'Count', 'Lookup', 'Rate', 'RecentSearch', 'Pricing', 'SavedSearch', 'Notifications'],
  endpoints: () => ({}),
});

/** The signed-in user (GET /auth/getUser): invalidated by profile and account changes and by admin user changes. */
export const SIGNED_IN_USER = { type: 'User', id: 'ME' } as const;

const inScope =
  (scope: ApiScope) =>
  (request: string | FetchArgs): ScopedArgs =>
    typeof request === 'string' ? { url: request, scope } : { ...request, scope };

/** A call to the public base /api/v1 (5 s, no token, never re-authenticated). */
export const publicCall = inScope('public');
/** A call to /api/v1/auth (8 s, bearer token, re-auth on 401). */
export const authCall = inScope('auth');
/** A call to /api/v1/admin (8 s, bearer token, re-auth on 401). */
export const adminCall = inScope('admin');
