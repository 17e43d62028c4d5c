import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ExperienceTab } from '../../src/client/features/profile/experience-tab';
import { ProfileContactsTab } from '../../src/client/features/profile/profile-contacts-tab';
import { InterestsTab, MarketsTab, StrategiesTab } from '../../src/client/features/profile/profile-lookups';
import { ProfileOverview } from '../../src/client/features/profile/profile-page';
import { TargetsTab } from '../../src/client/features/profile/targets-tab';
import type { User } from '../../src/shared/api-types';
import { callsTo, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const MARKETS = [
  { _id: 'm-tx', city: 'Houston', state: 'TX', description: 'Gulf coast', active: true },
  { _id: 'm-az', city: 'Phoenix', state: 'AZ', description: '', active: true },
  { _id: 'm-tx2', city: 'Austin', state: 'TX', description: 'Tech hub', active: true },
];
const STRATEGIES = [
  { _id: 's-bh', name: 'Buy & Hold', description: 'Long-term rental', active: true },
  { _id: 's-br', name: 'BRRRR', description: 'Buy, rehab, rent, refinance', active: true },
  { _id: 's-ff', name: "Fix'N'Flip", description: 'Renovate and sell', active: true },
];
const INTERESTS = [{ _id: 'i-sf', name: 'Single family', description: 'Detached homes', active: true }];

const withProfile = (profile: Partial<User['profile']>) => makeUser({ profile: { ...makeUser().profile, ...profile } });

/** The updated user the PATCH answers: the profile list replaced by the body's ids. */
const answerWith = (user: User, key: 'markets' | 'strategies' | 'interests') => (body: unknown) =>
  [200, { data: { ...user, profile: { ...user.profile, [key]: (body as { updates: string[] }).updates } } }] as [number, unknown];

const checkbox = (label: string) => screen.getByRole('checkbox', { name: new RegExp(label) });

describe('markets', () => {
  it('lists markets sorted by city, ticks the held ones, and saves the new set', async () => {
    const user = withProfile({ markets: ['m-tx'] });
    const sent = mockApi({
      'GET /api/v1/lookups/investmentMarkets': [200, { data: MARKETS }],
      'PATCH /api/v1/auth/profile/markets': answerWith(user, 'markets'),
    });
    const { store } = renderSignedIn(<MarketsTab />, { path: '/app/profile/markets', user });
    await screen.findByText('Austin, TX');
    const labels = Array.from(document.querySelectorAll('.dm-choice-list strong')).map((el) => el.textContent);
    expect(labels).toEqual(['Austin, TX', 'Houston, TX', 'Phoenix, AZ']);
    expect(checkbox('Houston')).toBeChecked();
    expect(checkbox('Austin')).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save markets' });
    expect(save).toBeDisabled();

    fireEvent.click(checkbox('Austin'));
    fireEvent.click(checkbox('Houston'));
    expect(screen.getByText('1 of 3 chosen')).toBeInTheDocument();
    fireEvent.click(save);
    expect(await screen.findByText('Markets saved')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/markets')[0].body).toEqual({ updates: ['m-tx2'] });
    expect(store.getState().session.user?.profile.markets).toEqual(['m-tx2']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save markets' })).toBeDisabled());
  });

  it('a failed save shows the server message in a toast and keeps the choice', async () => {
    mockApi({
      'GET /api/v1/lookups/investmentMarkets': [200, { data: MARKETS }],
      'PATCH /api/v1/auth/profile/markets': [
        400,
        { error: { code: 'VALIDATION_FAILED', message: 'Unknown or inactive market: m-az' } },
      ],
    });
    const { store } = renderSignedIn(<MarketsTab />, { path: '/app/profile/markets' });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Phoenix/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save markets' }));
    expect(await screen.findByText('Could not save markets: Unknown or inactive market: m-az')).toBeInTheDocument();
    expect(checkbox('Phoenix')).toBeChecked();
    expect(store.getState().session.user?.profile.markets).toEqual([]);
  });

  it('Undo changes returns to what the profile holds', async () => {
    mockApi({ 'GET /api/v1/lookups/investmentMarkets': [200, { data: MARKETS }] });
    renderSignedIn(<MarketsTab />, { path: '/app/profile/markets', user: withProfile({ markets: ['m-az'] }) });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Phoenix/ }));
    expect(checkbox('Phoenix')).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(checkbox('Phoenix')).toBeChecked();
  });
});

describe('strategies and interests', () => {
  it('saving strategies replaces the signed-in user, which the map popup reads', async () => {
    const user = withProfile({ strategies: ['s-bh'] });
    const sent = mockApi({
      'GET /api/v1/lookups/investmentStrategies': [200, { data: STRATEGIES }],
      'PATCH /api/v1/auth/profile/strategies': answerWith(user, 'strategies'),
    });
    const { store } = renderSignedIn(<StrategiesTab />, { path: '/app/profile/strategies', user });
    expect(await screen.findByText(/decide which projections the map shows/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /BRRRR/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save strategies' }));
    expect(await screen.findByText('Strategies saved')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/strategies')[0].body).toEqual({ updates: ['s-bh', 's-br'] });
    expect(store.getState().session.user?.profile.strategies).toEqual(['s-bh', 's-br']);
  });

  it('an item no longer offered is announced and dropped on the next save', async () => {
    const user = withProfile({ interests: ['i-sf', 'i-gone'] });
    const sent = mockApi({
      'GET /api/v1/lookups/investmentInterests': [200, { data: INTERESTS }],
      'PATCH /api/v1/auth/profile/interests': answerWith(user, 'interests'),
    });
    renderSignedIn(<InterestsTab />, { path: '/app/profile/interests', user });
    expect(
      await screen.findByText('1 of your interests is no longer offered and will be removed when you save.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save interests' }));
    expect(await screen.findByText('Interests saved')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/interests')[0].body).toEqual({ updates: ['i-sf'] });
  });
});

describe('experience', () => {
  it('saves a level, then clears it with null', async () => {
    let current = makeUser();
    const sent = mockApi({
      'PATCH /api/v1/auth/profile/experience': (body) => {
        current = { ...current, profile: { ...current.profile, experience: (body as { experience: string | null }).experience } };
        return [200, { data: current }];
      },
    });
    const { store } = renderSignedIn(<ExperienceTab />, { path: '/app/profile/experience' });
    expect(screen.getByRole('radio', { name: /Prefer not to say/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save experience' })).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /1–2 deals/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save experience' }));
    expect(await screen.findByText('Experience saved')).toBeInTheDocument();
    expect(store.getState().session.user?.profile.experience).toBe('starter');

    fireEvent.click(screen.getByRole('radio', { name: /Prefer not to say/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save experience' }));
    await waitFor(() => expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/experience')).toHaveLength(2));
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/experience').map((c) => c.body)).toEqual([
      { experience: 'starter' },
      { experience: null },
    ]);
    await waitFor(() => expect(store.getState().session.user?.profile.experience).toBeNull());
  });
});

describe('offer targets', () => {
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

  it('shows the targets held, refuses one outside 0–100 with a message and sends nothing, then saves', async () => {
    const user = withProfile({ offerTargets: { cashOnCashPercent: 8, flipProfitPercent: 15 } });
    const sent = mockApi({
      'PATCH /api/v1/auth/profile/targets': (body) => [
        200,
        { data: { ...user, profile: { ...user.profile, offerTargets: body } } },
      ],
    });
    const { store } = renderSignedIn(<TargetsTab />, { path: '/app/profile/targets', user });
    expect(Number(field('Target cash-on-cash').value)).toBe(8);
    expect(Number(field('Target flip profit').value)).toBe(15);
    const save = screen.getByRole('button', { name: 'Save targets' });
    expect(save).toBeDisabled();

    fireEvent.change(field('Target cash-on-cash'), { target: { value: '120' } });
    fireEvent.click(save);
    expect(await screen.findByText('Target cash-on-cash must be a number from 0 to 100 (percent)')).toBeInTheDocument();
    fireEvent.change(field('Target flip profit'), { target: { value: '' } });
    fireEvent.click(save);
    expect(await screen.findByText('Target flip profit must be a number from 0 to 100 (percent)')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/targets')).toHaveLength(0);

    fireEvent.change(field('Target cash-on-cash'), { target: { value: '10.5' } });
    fireEvent.change(field('Target flip profit'), { target: { value: '20' } });
    await waitFor(() => expect(screen.queryByText(/must be a number from 0 to 100/)).not.toBeInTheDocument());
    fireEvent.click(save);
    expect(await screen.findByText('Offer targets saved')).toBeInTheDocument();
    expect(callsTo(sent, 'PATCH', '/api/v1/auth/profile/targets')[0].body).toEqual({
      cashOnCashPercent: 10.5,
      flipProfitPercent: 20,
    });
    expect(store.getState().session.user?.profile.offerTargets).toEqual({ cashOnCashPercent: 10.5, flipProfitPercent: 20 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save targets' })).toBeDisabled());
  });

  it("shows the server's message when the save fails and keeps the entry", async () => {
    mockApi({
      'PATCH /api/v1/auth/profile/targets': [
        400,
        { error: { code: 'VALIDATION_FAILED', message: 'Target flip profit must be a number from 0 to 100 (percent)' } },
      ],
    });
    renderSignedIn(<TargetsTab />, { path: '/app/profile/targets' });
    fireEvent.change(field('Target flip profit'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(
      await screen.findByText('Could not save offer targets: Target flip profit must be a number from 0 to 100 (percent)'),
    ).toBeInTheDocument();
    expect(Number(field('Target flip profit').value)).toBe(25);
  });
});

describe('profile contacts', () => {
  it('an agent sees their contacts', async () => {
    mockApi({
      'GET /api/v1/auth/contacts': [
        200,
        {
          data: [
            {
              _id: 'c1',
              name: 'Grace Hopper',
              email: 'grace@example.com',
              phone: '555-0100',
              notes: '',
              properties: [{ _id: 'p1', address: '1 Main St', listPrice: 1 }],
              createdAt: '',
              updatedAt: '',
            },
          ],
        },
      ],
    });
    renderSignedIn(<ProfileContactsTab />, { path: '/app/profile/contacts', user: makeUser({ role: 'Agent' }) });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com · 555-0100')).toBeInTheDocument();
    expect(screen.getByText('1 linked property')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage contacts' })).toHaveAttribute('href', '/app/contacts');
  });

  it('a non-agent is told what contacts are, and nothing is asked of the server', () => {
    const sent = mockApi({});
    renderSignedIn(<ProfileContactsTab />, { path: '/app/profile/contacts' });
    expect(screen.getByText(/Contacts are for agents/)).toHaveTextContent('Your account is an Investor account');
    expect(sent).toHaveLength(0);
  });
});

describe('profile overview', () => {
  it('names what the profile holds, with a way into each screen', async () => {
    mockApi({
      'GET /api/v1/lookups/investmentMarkets': [200, { data: MARKETS }],
      'GET /api/v1/lookups/investmentInterests': [200, { data: INTERESTS }],
      'GET /api/v1/lookups/investmentStrategies': [200, { data: STRATEGIES }],
    });
    renderSignedIn(<ProfileOverview />, {
      path: '/app/profile',
      user: withProfile({ markets: ['m-az', 'm-tx2'], strategies: ['s-ff'], experience: 'professional' }),
    });
    const row = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('tr') as HTMLElement;
    await waitFor(() => expect(row('Markets')).toHaveTextContent('Austin, TX, Phoenix, AZ'));
    expect(row('Strategies')).toHaveTextContent("Fix'N'Flip");
    expect(row('Interests')).toHaveTextContent('None chosen');
    expect(row('Experience')).toHaveTextContent('More than 10 deals');
    expect(row('Offer targets')).toHaveTextContent('8% cash-on-cash, 15% of ARV on a flip');
    expect(within(row('Offer targets')).getByRole('link', { name: 'Change targets' })).toHaveAttribute(
      'href',
      '/app/profile/targets',
    );
    expect(within(row('Markets')).getByRole('link', { name: 'Change markets' })).toHaveAttribute('href', '/app/profile/markets');
  });
});
