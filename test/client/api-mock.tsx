import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../src/client/app/store';
import type { User } from '../../src/shared/api-types';
import { jsonResponse, type MiniRequest } from './fetch-polyfill';

/** A signed-in user for the investor pages' tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada@example.com',
    roleId: 'r-investor',
    role: 'Investor',
    roleName: 'Investor',
    accountId: null,
    accountName: null,
    active: true,
    lastLogin: null,
    profile: { role: 'Investor', strategies: [], markets: [], interests: [], experience: null },
    ...overrides,
  };
}

type Reply = [number, unknown?];
type Handler = (body: unknown, url: URL) => Reply;
export interface SentCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/**
 * Replaces fetch with answers keyed `METHOD /path` (no query string). Unknown calls get a 404.
 * Returns the list of calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler | Reply>): SentCall[] {
  const sent: SentCall[] = [];
  globalThis.fetch = jest.fn(async (req: MiniRequest) => {
    const url = new URL(req.url);
    const body = typeof req.body === 'string' && req.body ? JSON.parse(req.body) : undefined;
    sent.push({ method: req.method, path: url.pathname, search: url.searchParams, body });
    const handler = handlers[`${req.method} ${url.pathname}`];
    if (!handler)
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No mock for ${req.method} ${url.pathname}` } });
    const [status, reply] = typeof handler === 'function' ? handler(body, url) : handler;
    return jsonResponse(status, reply);
  }) as unknown as typeof fetch;
  return sent;
}

export const callsTo = (sent: SentCall[], method: string, path: string) =>
  sent.filter((c) => c.method === method && c.path === path);

/** Shows where the router went, so a test can read it. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `ui` at `path` (matched by `route`) with a signed-in store, toasts and a location probe. */
export function renderSignedIn(
  ui: ReactElement,
  { path, route = path, user = makeUser() }: { path: string; route?: string; user?: User | null },
) {
  const store = makeStore({ session: { token: 'token', refreshToken: 'refresh', user } } as never);
  const utils = render(
    <Provider store={store}>
      <AntApp>
        <Toaster />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route.split('?')[0]} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  return { store, ...utils };
}

/*
 * jsdom matches every Ant Design CSS-in-JS rule on each getComputedStyle call, which makes tables
 * and selects take seconds to render; these tests read no computed styles.
 */
export function useFastComputedStyle(): void {
  const real = window.getComputedStyle;
  beforeAll(() => {
    window.getComputedStyle = (() => document.createElement('div').style) as unknown as typeof window.getComputedStyle;
  });
  afterAll(() => {
    window.getComputedStyle = real;
  });
}
