import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ShareButton } from '../../src/client/features/property/share-button';
import { SharedReportPage } from '../../src/client/features/property/shared-report-page';
import { DEFAULT_GROWTH } from '../../src/shared/invest/projection';
import { startingWhatIf } from '../../src/shared/invest/starting-what-if';
import type { SharedReport, SharedReportLink } from '../../src/shared/schemas/shared-reports';
import { callsTo, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';
import { makeComp, makeProperty } from './fixtures';

jest.setTimeout(60_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const PROPERTY = makeProperty({ _id: 'p1', LatestListingPrice: 320_000, PropertyAddressFull: '7 SHARE ST' });
const WHAT_IF = startingWhatIf(PROPERTY, 6.5);
const TARGETS = { cashOnCashPercent: 8, flipProfitPercent: 15 };

const link = (overrides: Partial<SharedReportLink> = {}): SharedReportLink => ({
  _id: 'l1',
  propertyId: 'p1',
  address: '7 Share St, Austin, TX 78701',
  path: '/shared/TOKEN1',
  status: 'active',
  createdAt: '2026-11-29T10:00:00.000Z',
  expiresAt: '2026-12-29T10:00:00.000Z',
  revokedAt: null,
  views: 3,
  lastViewedAt: '2026-11-29T12:00:00.000Z',
  ...overrides,
});

describe('Share', () => {
  it('creates a link with the chosen expiry and the analysis on screen, shows it to copy, and lists the links with their views', async () => {
    let links = [link({ _id: 'old', status: 'expired', views: 1 })];
    const sent = mockApi({
      'GET /api/v1/auth/shared-reports': () => [200, { data: links }],
      'POST /api/v1/auth/shared-reports': () => {
        links = [link(), ...links];
        return [201, { data: link() }];
      },
      'POST /api/v1/auth/shared-reports/l1/revoke': () => {
        links = links.map((l) => (l._id === 'l1' ? { ...l, status: 'revoked' as const } : l));
        return [200, { data: links[0] }];
      },
    });
    renderSignedIn(
      <ShareButton
        propertyId="p1"
        strategy="brrrr"
        whatIf={WHAT_IF}
        growth={DEFAULT_GROWTH}
        holdYears={12}
        offerTargets={TARGETS}
        problems={[]}
      />,
      { path: '/app/property/p1' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this analysis' });
    const table = within(dialog).getByTestId('share-links');
    expect(await within(table).findByText('Expired')).toBeInTheDocument();
    expect(within(table).getByText('1 view')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Link expires after' }));
    fireEvent.click(await screen.findByTitle('90 days'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(within(dialog).getByTestId('share-link')).toHaveValue(`${window.location.origin}/shared/TOKEN1`));
    expect(callsTo(sent, 'POST', '/api/v1/auth/shared-reports')[0].body).toEqual({
      propertyId: 'p1',
      strategy: 'brrrr',
      whatIf: WHAT_IF,
      growth: DEFAULT_GROWTH,
      holdYears: 12,
      offerTargets: TARGETS,
      expiresInDays: 90,
    });
    expect(await within(table).findByText('3 views')).toBeInTheDocument();

    fireEvent.click(within(table).getAllByRole('button', { name: 'Revoke' })[0]);
    const confirm = await waitFor(() => document.querySelector('.ant-popconfirm-buttons') as HTMLElement);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(sent, 'POST', '/api/v1/auth/shared-reports/l1/revoke')).toHaveLength(1));
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
  });

  it('cannot share inputs the server would refuse, and says why', () => {
    mockApi({});
    renderSignedIn(
      <ShareButton
        propertyId="p1"
        strategy="buyHold"
        whatIf={WHAT_IF}
        growth={DEFAULT_GROWTH}
        holdYears={10}
        offerTargets={TARGETS}
        problems={['Purchase price must be at least $1,000']}
      />,
      { path: '/app/property/p1' },
    );
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Purchase price must be at least $1,000');
  });
});

describe('the shared report page', () => {
  const report: SharedReport = {
    property: PROPERTY,
    comps: [makeComp({ _id: 'c1', MLSSoldPrice: 305_000, PropertyAddressFull: '12 OAK ST' })],
    strategy: 'buyHold',
    whatIf: WHAT_IF,
    growth: DEFAULT_GROWTH,
    holdYears: 10,
    offerTargets: TARGETS,
    sharedBy: 'Ada Lovelace, Acme Capital',
    sharedAt: '2026-11-29T10:00:00.000Z',
    expiresAt: '2026-12-29T10:00:00.000Z',
  };

  it('shows the analysis as shared, by whom and until when, with its PDF link, asking nothing of the signed-in API', async () => {
    const sent = mockApi({ 'GET /api/v1/shared-reports/TOKEN1': [200, { data: report }] });
    renderSignedIn(<SharedReportPage />, { path: '/shared/TOKEN1', route: '/shared/:token', user: null });
    const page = await screen.findByTestId('shared-report');
    expect(within(page).getByRole('heading', { level: 2 })).toHaveTextContent('7 Share St');
    expect(within(page).getByTestId('shared-by')).toHaveTextContent(
      'Shared by Ada Lovelace, Acme Capital on Nov 29, 2026 · the link works until Dec 29, 2026',
    );
    expect(within(page).getAllByText('12 Oak St').length).toBeGreaterThan(0);
    expect(within(page).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/v1/shared-reports/TOKEN1/analysis.pdf',
    );
    expect(sent.filter((c) => c.path.startsWith('/api/v1/auth/'))).toEqual([]);
  });

  it("says why a link does not open: the server's message", async () => {
    mockApi({
      'GET /api/v1/shared-reports/TOKEN2': [
        410,
        { error: { code: 'GONE', message: 'This link was revoked by the person who shared it: ask them for a new one' } },
      ],
    });
    renderSignedIn(<SharedReportPage />, { path: '/shared/TOKEN2', route: '/shared/:token', user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was revoked by the person who shared it');
  });
});
