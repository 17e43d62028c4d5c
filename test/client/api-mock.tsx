import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../src/client/app/store';
import type { User } from '../../src/shared/api-types';
import { http, type HttpHandler } from 'msw';
import { jsonResponse, logRequest, server, type SentCall } from './msw-server';

export type { SentCall };

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
    profile: {
      role: 'Investor',
      strategies: [],
      markets: [],
      interests: [],
      experience: null,
      offerTargets: { cashOnCashPercent: 8, flipProfitPercent: 15 },
    },
    ...overrides,
  };
}

type Reply = [number, unknown?];
type Handler = (body: unknown, url: URL) => Reply;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Answers `METHOD /path` (no query string) through the msw server, one msw handler per entry; any
 * other call gets a 404 with the server's error shape. Returns the calls made, in order. A later
 * mockApi in the same test replaces the earlier one.
 */
export function mockApi(handlers: Record<string, Handler | Reply>): SentCall[] {
  const sent: SentCall[] = [];
  const routes: HttpHandler[] = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ');
    return http[method.toLowerCase() as Method](path, async ({ request }) => {
      const call = await logRequest(sent, request);
      const [status, reply] = typeof handler === 'function' ? handler(call.body, new URL(request.url)) : handler;
      return jsonResponse(status, reply);
    });
  });
  const notFound = http.all('*', async ({ request }) => {
    const { method, path } = await logRequest(sent, request);
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No mock for ${method} ${path}` } });
  });
  server.use(...routes, notFound);
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
export function withFastComputedStyle(): void {
  const real = window.getComputedStyle.bind(window);
  beforeAll(() => {
    window.getComputedStyle = () => document.createElement('div').style;
  });
  afterAll(() => {
    window.getComputedStyle = real;
  });
}

/**
 * The one button whose accessible text (aria-label or content) is `name`. Role queries compute
 * styles for every node, which is very slow over Ant Design's tables in jsdom.
 */
export function byButton(name: string, root: ParentNode = document.body): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll('button')).filter(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  );
  if (found.length !== 1) throw new Error(`Expected one button "${name}", found ${found.length}`);
  return found[0];
}
export const findButton = (name: string, root?: ParentNode) => waitFor(() => byButton(name, root));

/** The open Ant Design dialog with this title. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  return heading.closest('.ant-modal') as HTMLElement;
}
