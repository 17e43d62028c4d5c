import { act, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ListingFeedSection } from '../../src/client/features/admin-settings/listing-feed-section';
import type { ListingFeedRun, ListingFeedStatus } from '../../src/shared/schemas/listing-feed';
import { makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const admin = makeUser({ role: 'Admin', roleName: 'Admin' });

const local = (y: number, month: number, d: number, h: number, m: number, s = 0) =>
  new Date(y, month - 1, d, h, m, s).toISOString();

const HELD_BACK =
  'Reconciliation held back: the feed listed 100 active listings and 200 of the 300 on the map would be taken off (67 %, more than the 20 % allowed). Nothing was changed; check the feed (RESO_FILTER, paging) and run it again. If that many really left the market, raise RESO_RECONCILE_MAX_SHARE.';

const run = (overrides: Partial<ListingFeedRun>): ListingFeedRun => ({
  id: 9,
  kind: 'reconcile',
  trigger: 'schedule',
  startedAt: local(2026, 11, 27, 3, 5),
  finishedAt: local(2026, 11, 27, 3, 6),
  rows: 100,
  added: 0,
  updated: 0,
  rejected: 0,
  offMarket: 0,
  error: HELD_BACK,
  ...overrides,
});

const STATUS: ListingFeedStatus = {
  configured: true,
  serviceUrl: 'https://api.example-mls.com/reso/odata',
  state: 'failing',
  progress: null,
  failingSince: local(2026, 11, 27, 3, 6),
  lastError: HELD_BACK,
  lastSuccessAt: local(2026, 11, 27, 3, 5),
  lastReconciledAt: local(2026, 11, 26, 3, 6),
  nextSyncAt: local(2026, 11, 27, 3, 20),
  syncMinutes: 15,
  cursor: { modifiedAt: local(2026, 11, 27, 3, 1), listingKey: 'L-1042' },
  runs: [run({}), run({ id: 8, kind: 'incremental', rows: 12, updated: 12, error: null })],
};

describe('the admin Listing feed section, a reconciliation held back', () => {
  it('shows the message in words, whole: in the alert, the last error and the run', async () => {
    mockApi({ 'GET /api/v1/admin/listing-feed': [200, { data: STATUS }] });
    renderSignedIn(<ListingFeedSection />, { path: '/app/adminSettings/listing-feed', user: admin });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The last run failed: ${HELD_BACK}`);
    expect(alert).toHaveTextContent('the listings already replicated stay as they are');
    expect(screen.getByText('Failing', { selector: '.ant-tag' })).toBeInTheDocument();
    const lastError = screen.getByText('Last error', { selector: '.ant-descriptions-item-label' }).nextElementSibling;
    expect(lastError).toHaveTextContent(HELD_BACK);

    const table = document.querySelector('.dm-table table') as HTMLElement;
    const [held, incremental] = Array.from(table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((td) => td.textContent),
    );
    expect(held.slice(1, 4)).toEqual(['Reconciliation', 'Schedule', '100']);
    expect(held.at(-3)).toBe('0'); // nothing taken off the map
    expect(held.at(-1)).toBe(HELD_BACK);
    expect(incremental.at(-1)).toBe('—');
  });
});
