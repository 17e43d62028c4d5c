import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/client/app/store';
import { PREFETCH_HOVER_MS } from '../../src/client/features/map/map-constants';
import { useHoverPrefetch } from '../../src/client/features/map/markers/use-hover-prefetch';
import { callsTo, mockApi } from './api-mock';
import { makeProperty } from './fixtures';

function setup() {
  const sent = mockApi({
    'GET /api/v1/auth/property/p1': [200, { data: makeProperty({ _id: 'p1' }) }],
    'GET /api/v1/auth/property/p2': [200, { data: makeProperty({ _id: 'p2' }) }],
  });
  const store = makeStore({ session: { token: 't', refreshToken: 'r', user: null } } as never);
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useHoverPrefetch(), { wrapper });
  const asked = () => sent.filter((c) => c.path.startsWith('/api/v1/auth/property/')).map((c) => c.path);
  return { hover: result.current, asked, store, sent };
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('prefetch on hover', () => {
  it(`asks for the whole property after ${PREFETCH_HOVER_MS} ms on a row or marker, not for one the pointer only passed`, async () => {
    const { hover, asked, store, sent } = setup();
    act(() => hover('p2'));
    await wait(PREFETCH_HOVER_MS / 3);
    act(() => hover(null));
    act(() => hover('p1'));
    await wait(PREFETCH_HOVER_MS + 50);
    await waitFor(() => expect(callsTo(sent, 'GET', '/api/v1/auth/property/p1')).toHaveLength(1));
    expect(asked()).toEqual(['/api/v1/auth/property/p1']);
    // In the cache for the popup to read.
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'property' && q.data)).toBe(true),
    );
    // Resting on it again asks nothing more.
    act(() => hover('p1'));
    await wait(PREFETCH_HOVER_MS + 50);
    expect(asked()).toEqual(['/api/v1/auth/property/p1']);
  });
});
