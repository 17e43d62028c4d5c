import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { StrictMode } from 'react';
import toast from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppHeader } from '../../src/client/app/shell/app-header';
import { makeStore } from '../../src/client/app/store';
import { selectSelectedId } from '../../src/client/features/map/map-slice';
import { PROPERTY_PARAM } from '../../src/client/features/map/search-page';
import {
  absoluteTimeText,
  notificationLink,
  NOTIFICATIONS_POLL_MS,
  NOTIFICATIONS_TEXT,
  POPUP_LINK_PARAM,
  reasonText,
} from '../../src/client/features/notifications/notification-text';
import { UNSUBSCRIBE_TEXT, UnsubscribePage } from '../../src/client/features/notifications/unsubscribe-page';
import type { AlertNotification, NotificationsAnswer } from '../../src/shared/schemas/alerts';
import { callsTo, makeUser, mockApi, renderSignedIn, type SentCall } from './api-mock';
import { makeProperty } from './fixtures';

jest.setTimeout(30_000);
afterEach(() => act(() => toast.remove()));

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const NEW: AlertNotification = {
  _id: 'n1',
  searchId: 's1',
  searchName: 'Austin duplexes',
  dealId: null,
  stage: null,
  propertyId: 'p1',
  address: '1200 E 11th St, Austin, TX 78702',
  reason: 'new',
  price: 450_000,
  previousPrice: null,
  cashOnCash: 7.25,
  strategy: 'buyHold',
  status: null,
  compAddress: null,
  matchedAt: ago(3 * HOUR),
  read: false,
};
const CUT: AlertNotification = {
  ...NEW,
  _id: 'n2',
  propertyId: 'p2',
  address: '88 Rainey St, Austin, TX 78701',
  reason: 'price_cut',
  price: 399_000,
  previousPrice: 420_000,
  cashOnCash: null,
  strategy: null,
  matchedAt: ago(26 * HOUR),
  read: false,
};
const PAYS: AlertNotification = {
  ...NEW,
  _id: 'n3',
  searchName: 'Cash flow over 9',
  propertyId: 'p3',
  address: '501 Congress Ave, Austin, TX 78701',
  reason: 'now_pays',
  price: 310_000,
  cashOnCash: 9.1,
  strategy: 'buyHold',
  matchedAt: ago(10 * 24 * HOUR),
  read: true,
};
/** A watched pipeline deal's listing sold: it left Dealmap (no property). */
const SOLD: AlertNotification = {
  ...NEW,
  _id: 'n4',
  searchId: null,
  searchName: null,
  dealId: 'd1',
  stage: 'offer-made',
  propertyId: null,
  address: '77 Pine St, Austin, TX 78702',
  reason: 'status_change',
  price: 301_000,
  cashOnCash: null,
  strategy: null,
  status: 'Sold',
  matchedAt: ago(2 * HOUR),
};
const COMP: AlertNotification = {
  ...SOLD,
  _id: 'n5',
  propertyId: 'p1',
  stage: 'watching',
  reason: 'new_comp',
  price: 305_000,
  status: null,
  compAddress: '12 Oak St, Austin, TX 78702',
};
const answer = (notifications: AlertNotification[]): NotificationsAnswer => ({
  notifications,
  unread: notifications.filter((n) => !n.read).length,
});

/** Where the properties are (GET /property/:id); any other id is not found. */
const PLACES: Record<string, [number, number]> = { p1: [-97.73, 30.27], p3: [-97.74, 30.26] };

/** The notifications routes, answering `current()` to each GET; marking read succeeds (204). */
function notificationsApi(current: () => NotificationsAnswer): SentCall[] {
  return mockApi({
    'GET /api/v1/auth/notifications': () => [200, { data: current() }],
    'POST /api/v1/auth/notifications/read-all': [204],
    'POST /api/v1/auth/notifications/:id/read': [204],
    'GET /api/v1/auth/property/:id': (_body, url) => {
      const id = url.pathname.split('/').pop() as string;
      const at = PLACES[id];
      return at
        ? [200, { data: makeProperty({ _id: id, location: { type: 'Point', coordinates: at } }) }]
        : [404, { error: { code: 'NOT_FOUND', message: 'Property not found' } }];
    },
  });
}

const openHeader = (path = '/app') => renderSignedIn(<AppHeader user={makeUser()} />, { path, route: '/app/*' });
const bell = (unread: number) => screen.findByRole('button', { name: `Notifications, ${unread} unread` });
async function openList(unread: number) {
  fireEvent.click(await bell(unread));
  return screen.findByTestId('notifications-panel');
}
const items = () => screen.getAllByTestId('notification');

describe('the notification texts', () => {
  it('says each reason in words', () => {
    expect(reasonText(NEW)).toBe('New listing');
    expect(reasonText(CUT)).toBe('Price cut $420,000 → $399,000');
    expect(reasonText(PAYS)).toBe('Now pays 9.1 % cash-on-cash (Buy & Hold)');
    expect(reasonText({ ...PAYS, strategy: null })).toBe('Now pays 9.1 % cash-on-cash');
    expect(reasonText(SOLD)).toBe('Sold for $301,000');
    expect(reasonText({ ...SOLD, status: 'Pending', price: null })).toBe('Now Pending');
    expect(reasonText({ ...SOLD, status: 'Removed', price: null })).toBe('Removed from the listings');
    expect(reasonText(COMP)).toBe('New comp: 12 Oak St, Austin, TX 78702 sold for $305,000');
  });

  it("links to the search page's popup deep link, centred on the property when its place is known", () => {
    expect(POPUP_LINK_PARAM).toBe(PROPERTY_PARAM);
    expect(notificationLink('p 1')).toBe('/app/search?property=p+1');
    expect(new URL(notificationLink('abc'), 'http://x').searchParams.get(PROPERTY_PARAM)).toBe('abc');
    expect(notificationLink('p1', { lat: 30.27, lng: -97.73 })).toBe('/app/search?lat=30.27&lng=-97.73&zoom=18&property=p1');
    expect(notificationLink('p1', { lat: NaN, lng: -97.73 })).toBe('/app/search?property=p1');
  });
});

describe('the bell', () => {
  it('shows the unread count and polls for it', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let current = answer([CUT]);
      const sent = notificationsApi(() => current);
      openHeader();
      const button = await bell(1);
      expect(button).toHaveTextContent('1');
      expect(callsTo(sent, 'GET', '/api/v1/auth/notifications')).toHaveLength(1);

      current = answer([NEW, CUT]);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS - 1000);
      });
      expect(callsTo(sent, 'GET', '/api/v1/auth/notifications')).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(await bell(2)).toHaveTextContent('2');
      expect(callsTo(sent, 'GET', '/api/v1/auth/notifications')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows no count when nothing is unread', async () => {
    notificationsApi(() => answer([PAYS]));
    openHeader();
    expect(await bell(0)).not.toHaveTextContent(/\d/);
  });

  it('lists address, reason, price, cash-on-cash, search and time; unread ones are marked', async () => {
    notificationsApi(() => answer([NEW, CUT, PAYS]));
    openHeader();
    const panel = await openList(2);
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const [first, second, third] = items();
    expect(first).toHaveTextContent('Unread: 1200 E 11th St, Austin, TX 78702');
    expect(first).toHaveTextContent('New listing');
    expect(first).toHaveTextContent('$450,000');
    expect(first).toHaveTextContent('7.3 % cash-on-cash (Buy & Hold)');
    expect(first).toHaveTextContent('Saved search: Austin duplexes');
    const time = first.querySelector('time') as HTMLElement;
    expect(time).toHaveTextContent('3 hours ago');
    expect(time).toHaveAttribute('title', absoluteTimeText(NEW.matchedAt));
    expect(time).toHaveAttribute('dateTime', NEW.matchedAt);
    expect(first).toHaveClass('dm-notification-unread');

    expect(second).toHaveTextContent('Price cut $420,000 → $399,000');
    expect(second).not.toHaveTextContent('cash-on-cash');
    expect(second.querySelector('time')).toHaveTextContent('a day ago');

    expect(third).toHaveTextContent('Now pays 9.1 % cash-on-cash (Buy & Hold)');
    // The reason says the cash-on-cash already.
    expect(third.textContent?.match(/cash-on-cash/g)).toHaveLength(1);
    expect(third).toHaveTextContent('$310,000');
    expect(third).toHaveTextContent('Cash flow over 9');
    expect(third).not.toHaveTextContent('Unread');
    expect(third).not.toHaveClass('dm-notification-unread');
    expect(third.querySelector('time')).toHaveTextContent('10 days ago');
  });

  it("lists a watched deal's news with its stage; one whose listing left Dealmap links to the pipeline", async () => {
    notificationsApi(() => answer([SOLD, COMP]));
    openHeader();
    await openList(2);
    const [sold, comp] = items();
    expect(sold).toHaveTextContent('Unread: 77 Pine St, Austin, TX 78702');
    expect(sold).toHaveTextContent('Sold for $301,000');
    expect(sold).toHaveTextContent('Pipeline: Offer made');
    expect(sold).not.toHaveTextContent('Saved search');
    // The price is in the reason's words, once.
    expect(sold.textContent?.match(/\$301,000/g)).toHaveLength(1);
    expect(sold).toHaveAttribute('href', '/app/pipeline');
    expect(comp).toHaveTextContent('New comp: 12 Oak St, Austin, TX 78702 sold for $305,000');
    expect(comp).toHaveTextContent('Pipeline: Watching');
    expect(comp).toHaveAttribute('href', '/app/search?property=p1');
  });

  it('says what to do when there are no alerts', async () => {
    notificationsApi(() => answer([]));
    openHeader();
    const panel = await openList(0);
    expect(within(panel).getByText(NOTIFICATIONS_TEXT.empty)).toBeInTheDocument();
    expect(NOTIFICATIONS_TEXT.empty).toBe(
      'No alerts yet — save a search on the map, or put a property in your pipeline, to hear about new deals and price cuts.',
    );
    expect(within(panel).getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', '/app/search');
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('choosing one marks it read and opens its popup on the search page, centred on it', async () => {
    let current = answer([NEW, CUT]);
    const sent = notificationsApi(() => current);
    openHeader('/app');
    await openList(2);
    const [first] = items();
    expect(first).toHaveAttribute('href', '/app/search?property=p1');
    current = answer([{ ...NEW, read: true }, CUT]);
    fireEvent.click(first);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/app/search?lat=30.27&lng=-97.73&zoom=18&property=p1'),
    );
    await waitFor(() => expect(callsTo(sent, 'POST', '/api/v1/auth/notifications/n1/read')).toHaveLength(1));
    expect(await bell(1)).toHaveTextContent('1');
    expect(callsTo(sent, 'POST', '/api/v1/auth/notifications/n2/read')).toHaveLength(0);
    expect(screen.queryByTestId('notifications-panel')).not.toBeVisible();
  });

  it('a property that does not load still gets the deep link (the search page says why)', async () => {
    const sent = notificationsApi(() => answer([CUT]));
    openHeader('/app');
    await openList(1);
    fireEvent.click(items()[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/search?property=p2'));
    expect(callsTo(sent, 'GET', '/api/v1/auth/property/p2')).toHaveLength(1);
  });

  it('on the search page, choosing one selects its property there (the page opens the popup)', async () => {
    const sent = notificationsApi(() => answer([NEW, CUT]));
    const { store } = openHeader('/app/search?lat=30.27&lng=-97.74&zoom=14');
    await openList(2);
    fireEvent.click(items()[1]);
    await waitFor(() => expect(selectSelectedId(store.getState())).toBe('p2'));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/search?lat=30.27&lng=-97.74&zoom=14');
    expect(callsTo(sent, 'GET', '/api/v1/auth/property/p2')).toHaveLength(0);
    await waitFor(() => expect(callsTo(sent, 'POST', '/api/v1/auth/notifications/n2/read')).toHaveLength(1));
  });

  it('choosing a read one navigates without marking it again', async () => {
    const sent = notificationsApi(() => answer([PAYS]));
    openHeader();
    await openList(0);
    fireEvent.click(items()[0]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/app/search?lat=30.26&lng=-97.74&zoom=18&property=p3'),
    );
    expect(sent.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('"Mark all read" marks every one read at once', async () => {
    let current = answer([NEW, CUT, PAYS]);
    const sent = notificationsApi(() => current);
    openHeader();
    const panel = await openList(2);
    current = answer([NEW, CUT, PAYS].map((n) => ({ ...n, read: true })));
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await bell(0)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(sent, 'POST', '/api/v1/auth/notifications/read-all')).toHaveLength(1));
    for (const item of items()) expect(item).toHaveAttribute('data-read', 'true');
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('puts the count back and says so when marking fails', async () => {
    mockApi({
      'GET /api/v1/auth/notifications': [200, { data: answer([NEW, CUT]) }],
      'POST /api/v1/auth/notifications/read-all': [500, { error: { code: 'INTERNAL', message: 'Database unavailable' } }],
    });
    openHeader();
    const panel = await openList(2);
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(await bell(2)).toBeInTheDocument();
  });

  it('works from the keyboard: focus moves into the list, arrows move, Escape closes back to the bell', async () => {
    notificationsApi(() => answer([NEW, CUT, PAYS]));
    openHeader();
    const button = await bell(2);
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(items()[0]).toHaveFocus());
    fireEvent.keyDown(items()[0], { key: 'ArrowDown' });
    expect(items()[1]).toHaveFocus();
    fireEvent.keyDown(items()[1], { key: 'End' });
    expect(items()[2]).toHaveFocus();
    fireEvent.keyDown(items()[2], { key: 'ArrowDown' });
    expect(items()[2]).toHaveFocus();
    fireEvent.keyDown(items()[2], { key: 'Home' });
    expect(items()[0]).toHaveFocus();
    fireEvent.keyDown(items()[0], { key: 'Escape' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens in a drawer on a phone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      notificationsApi(() => answer([NEW]));
      openHeader();
      fireEvent.click(await bell(1));
      const drawer = (await screen.findByTestId('notifications-panel')).closest('.ant-drawer') as HTMLElement;
      expect(drawer).not.toBeNull();
      expect(within(drawer).getByText('Notifications')).toBeInTheDocument();
      expect(within(drawer).getAllByTestId('notification')).toHaveLength(1);
      fireEvent.click(within(drawer).getByRole('button', { name: 'Mark all read' }));
      expect(await bell(0)).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});

describe('the unsubscribe page', () => {
  function openUnsubscribe(search: string, signedIn = false) {
    const store = makeStore(
      signedIn ? ({ session: { token: 'token', refreshToken: 'refresh', user: makeUser() } } as never) : undefined,
    );
    return render(
      <StrictMode>
        <Provider store={store}>
          <AntApp>
            <MemoryRouter initialEntries={[`/unsubscribe${search}`]}>
              <Routes>
                <Route path="/unsubscribe" element={<UnsubscribePage />} />
              </Routes>
            </MemoryRouter>
          </AntApp>
        </Provider>
      </StrictMode>,
    );
  }
  const unsubscribeWith = (status: number, body: unknown) => mockApi({ 'POST /api/v1/alerts/unsubscribe': [status, body] });

  it('turns the alerts off once and says so, with a way to sign in', async () => {
    const sent = unsubscribeWith(200, { data: { status: 'unsubscribed', searchName: 'Austin duplexes' } });
    openUnsubscribe('?token=signed.token');
    expect(await screen.findByRole('heading', { name: 'Alerts for "Austin duplexes" are off.' })).toBeInTheDocument();
    expect(screen.getByText('You will not get e-mails for this search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?from=%2Fapp');
    expect(callsTo(sent, 'POST', '/api/v1/alerts/unsubscribe')).toHaveLength(1);
    expect(sent[0].body).toEqual({ token: 'signed.token' });
    expect(sent[0].headers.get('authorization')).toBeNull();
    expect(document.title).toBe('Unsubscribe — Dealmap');
  });

  it('says when the alerts were already off; a signed-in user gets the dashboard', async () => {
    unsubscribeWith(200, { data: { status: 'already-unsubscribed', searchName: 'Austin duplexes' } });
    openUnsubscribe('?token=signed.token', true);
    expect(await screen.findByRole('heading', { name: 'Alerts for "Austin duplexes" were already off.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute('href', '/app');
  });

  it.each([
    [400, 'This unsubscribe link is not valid.'],
    [404, 'This saved search no longer exists.'],
  ])("shows the server's message for a %i", async (status, message) => {
    unsubscribeWith(status, { error: { code: 'X', message } });
    openUnsubscribe('?token=tampered');
    expect(await screen.findByRole('heading', { name: UNSUBSCRIBE_TEXT.failed })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('without a token says the link is incomplete and asks nothing of the server', async () => {
    const sent = unsubscribeWith(200, { data: { status: 'unsubscribed', searchName: 'x' } });
    openUnsubscribe('');
    expect(await screen.findByRole('heading', { name: UNSUBSCRIBE_TEXT.noToken })).toBeInTheDocument();
    expect(screen.getByText(UNSUBSCRIBE_TEXT.noTokenDetail)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(0);
  });
});
