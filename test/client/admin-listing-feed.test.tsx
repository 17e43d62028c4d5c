import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ListingFeedSection } from '../../src/client/features/admin-settings/listing-feed-section';
import type { ListingFeedRun, ListingFeedStatus } from '../../src/shared/schemas/listing-feed';
import { byButton, callsTo, findButton, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const admin = makeUser({ role: 'Admin', roleName: 'Admin' });
const STATUS_PATH = '/api/v1/admin/listing-feed';
const SYNC_PATH = '/api/v1/admin/listing-feed/sync';

/** An instant in the test machine's own time zone, so the expected text does not depend on it. */
const local = (y: number, month: number, d: number, h: number, m: number, s = 0) =>
  new Date(y, month - 1, d, h, m, s).toISOString();

const OFF: ListingFeedStatus = {
  configured: false,
  serviceUrl: null,
  state: 'off',
  progress: null,
  failingSince: null,
  lastError: null,
  lastSuccessAt: null,
  lastReconciledAt: null,
  nextSyncAt: null,
  syncMinutes: 15,
  cursor: null,
  runs: [],
};

const run = (overrides: Partial<ListingFeedRun> = {}): ListingFeedRun => ({
  id: 7,
  kind: 'incremental',
  trigger: 'schedule',
  startedAt: local(2026, 11, 27, 3, 4),
  finishedAt: local(2026, 11, 27, 3, 5, 12),
  rows: 5000,
  added: 120,
  updated: 4870,
  rejected: 3,
  offMarket: 7,
  error: null,
  ...overrides,
});

const FULL = run({
  id: 6,
  kind: 'full',
  startedAt: local(2026, 11, 26, 22, 0),
  finishedAt: local(2026, 11, 26, 23, 5),
  rows: 48210,
  added: 48200,
  updated: 0,
  rejected: 10,
  offMarket: 0,
});

const IDLE: ListingFeedStatus = {
  ...OFF,
  configured: true,
  serviceUrl: 'https://api.example-mls.com/reso/odata',
  state: 'idle',
  lastSuccessAt: local(2026, 11, 27, 3, 5),
  lastReconciledAt: local(2026, 11, 26, 23, 5),
  nextSyncAt: local(2026, 11, 27, 3, 20),
  cursor: { modifiedAt: local(2026, 11, 27, 3, 1), listingKey: 'L-1042' },
  runs: [run(), FULL],
};

const ok = (status: ListingFeedStatus) => [200, { data: status }] as [number, unknown];

function openFeed() {
  return renderSignedIn(<ListingFeedSection />, { path: '/app/adminSettings/listing-feed', user: admin });
}

/** The runs table (the details above are a table of Ant Design's too). */
const runsTable = () => document.querySelector('.dm-table table') as HTMLElement;
const rowTexts = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);

describe('the admin Listing feed section', () => {
  it('explains the variables to set when no feed is configured, and offers no Sync now', async () => {
    const sent = mockApi({ [`GET ${STATUS_PATH}`]: ok(OFF) });
    openFeed();
    expect(await screen.findByText(/No listing feed is set/)).toBeInTheDocument();
    for (const name of [
      'RESO_API_URL',
      'RESO_TOKEN_URL',
      'RESO_CLIENT_ID',
      'RESO_CLIENT_SECRET',
      'RESO_BEARER_TOKEN',
      'RESO_SYNC_MINUTES',
      'RESO_FILTER',
    ]) {
      expect(screen.getByText(name, { selector: 'code' })).toBeInTheDocument();
    }
    const help = document.querySelector('.dm-listing-feed-off');
    expect(help).toHaveTextContent('RESO_API_URL: the service root of the MLS’s RESO Web API');
    expect(help).toHaveTextContent('RESO_TOKEN_URL, RESO_CLIENT_ID, RESO_CLIENT_SECRET: its OAuth2 token endpoint');
    expect(help).toHaveTextContent('RESO_BEARER_TOKEN: or, instead of those three, a fixed token');
    expect(help).toHaveTextContent('docs/listings.md, “Connecting an MLS”, explains the setup');
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    expect(screen.queryByText('Sync now')).not.toBeInTheDocument();
    expect(document.querySelector('.dm-table')).toBeNull();
    expect(callsTo(sent, 'GET', STATUS_PATH)).toHaveLength(1);
  });

  it('shows the service URL, the schedule, the cursor and the last runs with their counts', async () => {
    mockApi({ [`GET ${STATUS_PATH}`]: ok(IDLE) });
    openFeed();
    expect(await screen.findByText('https://api.example-mls.com/reso/odata')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Listing feed state' })).toHaveTextContent('Idle');
    const details = (label: string) =>
      (screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling as HTMLElement).textContent;
    expect(details('Last successful sync')).toBe('Nov 27, 2026 3:05 AM');
    expect(details('Next sync')).toBe('Nov 27, 2026 3:20 AM (every 15 minutes)');
    expect(details('Last reconciliation')).toBe('Nov 26, 2026 11:05 PM');
    expect(details('Cursor')).toBe('Nov 27, 2026 3:01 AM, ListingKey L-1042');
    expect(details('Last error')).toBe('None');

    const table = runsTable();
    const headers = Array.from(table.querySelectorAll('th')).map((th) => th.textContent);
    expect(headers).toEqual([
      'Started',
      'Kind',
      'Trigger',
      'Rows',
      'Added',
      'Updated',
      'Rejected',
      'Off market',
      'Duration',
      'Error',
    ]);
    const rows = Array.from(table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row'));
    expect(rows.map(rowTexts)).toEqual([
      ['Nov 27, 2026 3:04 AM', 'Incremental', 'Schedule', '5,000', '120', '4,870', '3', '7', '1 min 12 s', '—'],
      ['Nov 26, 2026 10:00 PM', 'Full', 'Schedule', '48,210', '48,200', '0', '10', '0', '1 h 5 min', '—'],
    ]);
    expect(byButton('Sync now')).toBeEnabled();
  });

  it('says since when the feed fails, and why', async () => {
    const error = 'The MLS refused the credentials (401 from https://api.example-mls.com/oauth2/token): check RESO_CLIENT_ID';
    mockApi({
      [`GET ${STATUS_PATH}`]: ok({
        ...IDLE,
        state: 'failing',
        failingSince: local(2026, 11, 27, 3, 4),
        lastError: error,
        runs: [run({ id: 8, rows: 0, added: 0, updated: 0, rejected: 0, offMarket: 0, error }), ...IDLE.runs],
      }),
    });
    openFeed();
    expect(await screen.findByRole('status', { name: 'Listing feed state' })).toHaveTextContent(
      'Failing since Nov 27, 2026 3:04 AM',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`The last run failed: ${error}`);
    expect(screen.getByRole('alert')).toHaveTextContent('The feed retries at the next run (Nov 27, 2026 3:20 AM)');
    expect(screen.getByText('Failing', { selector: '.ant-tag' })).toBeInTheDocument();
    const first = runsTable().querySelector<HTMLElement>('tbody tr.ant-table-row') as HTMLElement;
    expect(rowTexts(first).at(-1)).toBe(error);
  });

  it('Sync now: starts a run, shows its progress with the button disabled, then says how it went', async () => {
    const going = run({
      id: 8,
      trigger: 'admin',
      finishedAt: null,
      rows: 1200,
      added: 40,
      updated: 1160,
      rejected: 0,
      offMarket: 0,
    });
    const syncing: ListingFeedStatus = {
      ...IDLE,
      state: 'syncing',
      progress: { done: 1200, total: 5000 },
      runs: [going, ...IDLE.runs],
    };
    const done: ListingFeedStatus = {
      ...IDLE,
      lastSuccessAt: local(2026, 11, 27, 3, 12),
      runs: [
        { ...going, finishedAt: local(2026, 11, 27, 3, 12), rows: 5000, added: 150, updated: 4848, rejected: 2 },
        ...IDLE.runs,
      ],
    };
    let synced = false;
    let polls = 0;
    const sent = mockApi({
      [`GET ${STATUS_PATH}`]: () => {
        if (!synced) return ok(IDLE);
        polls += 1;
        return ok(polls < 2 ? syncing : done);
      },
      [`POST ${SYNC_PATH}`]: () => {
        synced = true;
        return [202, { data: { started: true, status: syncing } }];
      },
    });
    openFeed();
    fireEvent.click(await findButton('Sync now'));
    expect(await screen.findByText('Sync started')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Listing feed state' })).toHaveTextContent('Syncing 1,200 of 5,000');
    expect(screen.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('aria-valuenow', '24');
    expect(byButton('Sync now')).toBeDisabled();
    const first = runsTable().querySelector<HTMLElement>('tbody tr.ant-table-row') as HTMLElement;
    expect(rowTexts(first).slice(1, 3)).toEqual(['Incremental', 'Sync now']);
    expect(rowTexts(first).at(-2)).toBe('Running');

    // The section polls while the run goes; when it has ended, the outcome is a toast and the button is back.
    expect(
      await screen.findByText('Sync finished. Read 5,000 rows: 150 added, 4,848 updated, 2 rejected, 0 off market.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Listing feed state' })).toHaveTextContent('Idle');
    await waitFor(() => expect(byButton('Sync now')).toBeEnabled());
    expect(callsTo(sent, 'POST', SYNC_PATH)).toHaveLength(1);
    expect(callsTo(sent, 'GET', STATUS_PATH).length).toBeGreaterThanOrEqual(3);
  });

  it('Sync now while a run goes: follows that run, and says when it failed', async () => {
    const going = run({ id: 8, finishedAt: null });
    const syncing: ListingFeedStatus = { ...IDLE, state: 'syncing', progress: { done: 10, total: null }, runs: [going] };
    let synced = false;
    mockApi({
      [`GET ${STATUS_PATH}`]: () =>
        ok(
          synced
            ? {
                ...IDLE,
                state: 'failing',
                failingSince: local(2026, 11, 27, 3, 6),
                lastError: 'The MLS answered 503 five times',
                runs: [{ ...going, finishedAt: local(2026, 11, 27, 3, 6), error: 'The MLS answered 503 five times' }],
              }
            : IDLE,
        ),
      [`POST ${SYNC_PATH}`]: () => {
        synced = true;
        return [202, { data: { started: false, status: syncing } }];
      },
    });
    openFeed();
    fireEvent.click(await findButton('Sync now'));
    expect(await screen.findByText('A sync is already running: following it')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Listing feed state' })).toHaveTextContent('Syncing: 10 rows so far');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      await screen.findByText('The sync failed: The MLS answered 503 five times', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows the server’s message when the sync is refused', async () => {
    const message = 'No listing feed is configured: set RESO_API_URL (docs/listings.md, "Connecting an MLS")';
    mockApi({
      [`GET ${STATUS_PATH}`]: ok(IDLE),
      [`POST ${SYNC_PATH}`]: [409, { error: { code: 'CONFLICT', message } }],
    });
    openFeed();
    fireEvent.click(await findButton('Sync now'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(byButton('Sync now')).toBeEnabled());
  });

  it('says when the status cannot be loaded, and tries again on demand', async () => {
    let fail = true;
    mockApi({
      [`GET ${STATUS_PATH}`]: () =>
        fail ? [500, { error: { code: 'INTERNAL', message: 'The database is not answering' } }] : ok(OFF),
    });
    openFeed();
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
    const paragraph = screen.getByText(/could not be loaded/);
    fail = false;
    fireEvent.click(within(paragraph).getByText('Try again'));
    expect(await screen.findByText(/No listing feed is set/)).toBeInTheDocument();
  });
});
