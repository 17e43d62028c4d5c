import { createApi } from '@reduxjs/toolkit/query/react';
import { adminBaseQuery, registerApiReset } from './base-query';

/**
 * Admin calls (base /api/v1/admin, 8 s, bearer token, re-auth on 401). The admin settings
 * area keeps data fresh by hand: no automatic revalidation on focus or reconnect.
 * Its endpoints (users, markets, interests, strategies, accounts, bulk, CSV, audit log) are
 * injected by features/admin-settings/admin-settings-api.ts.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  tagTypes: ['User', 'Market', 'Interest', 'Strategy', 'Account', 'AuditLog'],
  endpoints: () => ({}),
});

registerApiReset(() => adminApi.util.resetApiState());
