import { waitFor } from '@testing-library/react';
import { api } from '../../src/client/api/base-api';
import { lookupsApi } from '../../src/client/api/lookups-api';
import { makeStore } from '../../src/client/app/store';
import { adminSettingsApi } from '../../src/client/features/admin-settings/admin-settings-api';
import { dashboardApi } from '../../src/client/features/dashboard/dashboard-api';
import { sessionApi } from '../../src/client/features/session/session-api';
import { callsTo, makeUser, mockApi } from './api-mock';

const admin = makeUser({ role: 'Admin', roleName: 'Admin', firstName: 'Root' });

function signedInStore() {
  return makeStore({ session: { token: 'token', refreshToken: 'refresh', user: admin } } as never);
}

describe('the one API', () => {
  it('serves the three scopes: base path, and the bearer token only outside the public scope', async () => {
    const sent = mockApi({
      'GET /api/v1/lookups/investmentMarkets': [200, { data: [] }],
      'GET /api/v1/auth/getUser': [200, { data: admin }],
      'GET /api/v1/admin/addUser': [200, { data: { accounts: [], roles: [] } }],
    });
    const store = signedInStore();
    await store.dispatch(lookupsApi.endpoints.investmentMarkets.initiate());
    await store.dispatch(sessionApi.endpoints.getUser.initiate());
    await store.dispatch(adminSettingsApi.endpoints.addUserData.initiate());

    expect(sent.map((c) => [c.path, c.headers.get('authorization')])).toEqual([
      ['/api/v1/lookups/investmentMarkets', null],
      ['/api/v1/auth/getUser', 'Bearer token'],
      ['/api/v1/admin/addUser', 'Bearer token'],
    ]);
    // One cache holds all three.
    expect(Object.keys(store.getState().api.queries)).toHaveLength(3);
  });

  it('admin changes invalidate the dashboard counts, the signed-in user and the public lookups directly', async () => {
    const sent = mockApi({
      'GET /api/v1/auth/getUser': [200, { data: admin }],
      'GET /api/v1/auth/userCount': [200, { data: 3 }],
      'GET /api/v1/auth/marketCount': [200, { data: 2 }],
      'GET /api/v1/lookups/investmentMarkets': [200, { data: [] }],
      'GET /api/v1/lookups/investmentStrategies': [200, { data: [] }],
      'POST /api/v1/admin/user': [201, { data: admin }],
      'POST /api/v1/admin/market': [201, { data: { _id: 'm9', city: 'Boise', state: 'ID', description: '', active: false } }],
    });
    const store = signedInStore();
    const subscriptions = [
      store.dispatch(sessionApi.endpoints.getUser.initiate()),
      store.dispatch(dashboardApi.endpoints.userCount.initiate()),
      store.dispatch(dashboardApi.endpoints.marketCount.initiate()),
      store.dispatch(lookupsApi.endpoints.investmentMarkets.initiate()),
      store.dispatch(lookupsApi.endpoints.investmentStrategies.initiate()),
    ];
    await Promise.all(subscriptions);
    const count = (path: string) => callsTo(sent, 'GET', path).length;

    const body = { active: true, firstName: 'Ada', lastName: 'L', password: 'a-good-password', roleId: 'r1' };
    await store
      .dispatch(
        adminSettingsApi.endpoints.createUser.initiate({ ...body, username: 'a@b.co', accountId: '', accountName: 'New' }),
      )
      .unwrap();
    await waitFor(() => expect(count('/api/v1/auth/getUser')).toBe(2));
    await waitFor(() => expect(count('/api/v1/auth/userCount')).toBe(2));

    await store
      .dispatch(
        adminSettingsApi.endpoints.createItem.initiate({
          section: 'markets',
          body: { city: 'Boise', state: 'ID', description: '', active: false },
        }),
      )
      .unwrap();
    await waitFor(() => expect(count('/api/v1/auth/marketCount')).toBe(2));
    await waitFor(() => expect(count('/api/v1/lookups/investmentMarkets')).toBe(2));

    // Nothing else was made stale.
    expect(count('/api/v1/lookups/investmentStrategies')).toBe(1);
    expect(count('/api/v1/auth/getUser')).toBe(2);
    expect(count('/api/v1/auth/userCount')).toBe(2);
    subscriptions.forEach((s) => s.unsubscribe());
  });

  it('one reset empties the whole cache', async () => {
    mockApi({
      'GET /api/v1/lookups/investmentMarkets': [200, { data: [] }],
      'GET /api/v1/auth/getUser': [200, { data: admin }],
    });
    const store = signedInStore();
    await store.dispatch(lookupsApi.endpoints.investmentMarkets.initiate());
    await store.dispatch(sessionApi.endpoints.getUser.initiate());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(2);
    store.dispatch(api.util.resetApiState());
    expect(store.getState().api.queries).toEqual({});
  });
});
