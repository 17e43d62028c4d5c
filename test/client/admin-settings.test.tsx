import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import toast, { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../src/client/app/store';
import { DashboardPage } from '../../src/client/features/dashboard/dashboard-page';
import { adminErrorMessage, bulkQuestion, bulkSummary } from '../../src/client/features/admin-settings/admin-messages';
import {
  AddMarket,
  AddUser,
  EditUser,
  InterestsSection,
  MarketsSection,
  UsersSection,
} from '../../src/client/features/admin-settings/sections';
import { MarketAssumptionsDialog, toOverrides } from '../../src/client/features/admin-settings/market-assumptions-dialog';
import { DEFAULT_ASSUMPTIONS } from '../../src/shared/invest';
import type { User } from '../../src/shared/api-types';
import type { ImportJob } from '../../src/shared/schemas/admin';
import {
  byButton,
  callsTo,
  dialogTitled,
  findButton,
  mockApi as mockApiCalls,
  withFastComputedStyle,
  type SentCall,
} from './api-mock';

jest.setTimeout(30_000);

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const admin = {
  _id: 'me',
  firstName: 'Root',
  lastName: 'Admin',
  username: 'root@example.com',
  role: 'Admin',
  roleName: 'Admin',
} as unknown as User;

const ROLES = [
  { _id: 'r-admin', name: 'Admin' },
  { _id: 'r-agent', name: 'Agent' },
];
const ACCOUNTS = [
  { _id: 'a1', name: 'Acme', active: true },
  { _id: 'a2', name: 'Globex', active: true },
];
const userRow = (id: string, firstName: string, lastName: string, active = true) => ({
  _id: id,
  firstName,
  lastName,
  username: `${firstName.toLowerCase()}@example.com`,
  roleId: 'r-agent',
  role: 'Agent',
  roleName: 'Agent',
  accountId: 'a1',
  accountName: 'Acme',
  active,
  lastLogin: null,
});
const paged = (items: unknown[]) => ({ data: { items, total: items.length, page: 1, pageSize: 20 } });

let sent: SentCall[] = [];

/** Answers `METHOD /path` and records every call (test/client/api-mock.tsx). */
function mockApi(handlers: Parameters<typeof mockApiCalls>[0]) {
  sent = mockApiCalls(handlers);
}
const calls = (method: string, path: string) => callsTo(sent, method, path);

function renderAdmin(path: string, user: User = admin) {
  const store = makeStore({ session: { token: 'token', refreshToken: 'refresh', user } } as never);
  const utils = render(
    <Provider store={store}>
      <AntApp>
        <Toaster />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app" element={<DashboardPage />} />
            <Route path="/app/adminSettings/users" element={<UsersSection />}>
              <Route path="add" element={<AddUser />} />
              <Route path="edit/:id" element={<EditUser />} />
            </Route>
            <Route path="/app/adminSettings/markets" element={<MarketsSection />}>
              <Route path="add" element={<AddMarket />} />
              <Route path="assumptions/:id" element={<MarketAssumptionsDialog />} />
            </Route>
            <Route path="/app/adminSettings/interests" element={<InterestsSection />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  return { store, ...utils };
}

withFastComputedStyle();

beforeEach(() => {
  sent = [];
});
afterEach(() => {
  act(() => toast.remove());
});

const queryButton = (name: string) =>
  Array.from(document.querySelectorAll('button')).find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  ) ?? null;
async function chooseOption(label: string) {
  const option = await screen.findByText(label, { selector: '.ant-select-item-option-content' });
  fireEvent.click(option.closest('.ant-select-item-option') as HTMLElement);
}
const alertIn = (root: HTMLElement) => root.querySelector('[role="alert"]');

describe('error messages', () => {
  const fallback = 'An error occurred while updating the user';
  it('server message, then the error field (user update), then its own message, then the default', () => {
    expect(adminErrorMessage({ data: { message: 'Server says no', error: 'field' } }, fallback, { withErrorField: true })).toBe(
      'Server says no',
    );
    expect(adminErrorMessage({ data: { error: 'Email taken' } }, fallback, { withErrorField: true })).toBe('Email taken');
    expect(adminErrorMessage({ data: { error: 'Email taken' } }, fallback)).toBe(fallback);
    expect(adminErrorMessage(new Error('Network down'), fallback)).toBe('Network down');
    expect(adminErrorMessage({}, fallback)).toBe(fallback);
    expect(adminErrorMessage(undefined, fallback)).toBe(fallback);
    // The base query's errors: the server's message, or its generic text which counts as none.
    expect(
      adminErrorMessage({ status: 409, code: 'CONFLICT', message: 'A user with the email x already exists.' }, fallback),
    ).toBe('A user with the email x already exists.');
    expect(adminErrorMessage({ status: 'FETCH_ERROR', code: 'FETCH_ERROR', message: 'An error occurred' }, fallback)).toBe(
      fallback,
    );
  });

  it('a failed create shows the server message in a toast and as the general form error', async () => {
    mockApi({
      'GET /api/v1/admin/markets': [200, paged([])],
      'POST /api/v1/admin/market': [409, { error: { code: 'CONFLICT', message: 'A market Austin, TX already exists.' } }],
    });
    renderAdmin('/app/adminSettings/markets/add');
    const dialog = await dialogTitled('Add New Market');
    fill(within(dialog).getByLabelText('City'), '  Austin ');
    fireEvent.change(within(dialog).getByLabelText('State'), { target: { value: 'Tex' } });
    await chooseOption('TX — Texas');
    fireEvent.click(byButton('Create Market', dialog));
    await waitFor(() => expect(alertIn(dialog)).toHaveTextContent('A market Austin, TX already exists.'));
    expect(screen.getAllByText('A market Austin, TX already exists.').length).toBeGreaterThanOrEqual(2);
    expect(calls('POST', '/api/v1/admin/market')[0].body).toEqual({
      city: 'Austin',
      state: 'TX',
      description: '',
      active: false,
    });
  });

  it('without a server message the default message is shown', async () => {
    mockApi({
      'GET /api/v1/admin/markets': [200, paged([])],
      'POST /api/v1/admin/market': [500, {}],
    });
    renderAdmin('/app/adminSettings/markets/add');
    const dialog = await dialogTitled('Add New Market');
    fill(within(dialog).getByLabelText('City'), 'Austin');
    fireEvent.change(within(dialog).getByLabelText('State'), { target: { value: 'TX' } });
    await chooseOption('TX — Texas');
    fireEvent.click(byButton('Create Market', dialog));
    await waitFor(() => expect(alertIn(dialog)).toHaveTextContent('An error occurred while creating the market'));
  });
});

describe('user form', () => {
  const editData = {
    data: { user: { ...userRow('u1', 'Ada', 'Lovelace'), loginId: 'ada@example.com' }, accounts: ACCOUNTS, roles: ROLES },
  };

  it('shows the required messages and sends nothing', async () => {
    mockApi({
      'GET /api/v1/admin/users': [200, paged([])],
      'GET /api/v1/admin/addUser': [200, { data: { accounts: ACCOUNTS, roles: ROLES } }],
    });
    renderAdmin('/app/adminSettings/users/add');
    const dialog = await dialogTitled('Add New User');
    await waitFor(() => expect(byButton('Create User', dialog)).toBeEnabled());
    expect(dialog.querySelector('[role="switch"]')).toHaveAttribute('aria-checked', 'false'); // Active is off on create
    fireEvent.click(byButton('Create User', dialog));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Password is required',
      'Role is required',
      'Account is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('First name', { selector: 'label' })).toHaveClass('ant-form-item-required');
    expect(calls('POST', '/api/v1/admin/user')).toHaveLength(0);
  });

  it('on edit, choosing an existing account fills in its name', async () => {
    mockApi({
      'GET /api/v1/admin/users': [200, paged([])],
      'GET /api/v1/admin/editUser/u1': [200, editData],
      'PUT /api/v1/admin/user/u1': (body) => [200, { data: body }],
    });
    renderAdmin('/app/adminSettings/users/edit/u1');
    const dialog = await dialogTitled('Edit User');
    await waitFor(() => expect(within(dialog).getByLabelText('First name')).toHaveValue('Ada'));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: 'Glo' } });
    await chooseOption('Globex');
    fireEvent.click(byButton('Update User', dialog));
    await waitFor(() => expect(calls('PUT', '/api/v1/admin/user/u1')).toHaveLength(1));
    expect(calls('PUT', '/api/v1/admin/user/u1')[0].body).toEqual({
      active: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      roleId: 'r-agent',
      username: 'ada@example.com',
      accountId: 'a2',
      accountName: 'Globex',
      accountType: 'existing',
    });
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });

  it('switching to a new account clears the name and the account, and then requires a name', async () => {
    mockApi({
      'GET /api/v1/admin/users': [200, paged([])],
      'GET /api/v1/admin/editUser/u1': [200, editData],
    });
    renderAdmin('/app/adminSettings/users/edit/u1');
    const dialog = await dialogTitled('Edit User');
    await waitFor(() => expect(within(dialog).getByLabelText('First name')).toHaveValue('Ada'));
    fireEvent.click(within(dialog).getByText('New Account'));
    const name = await within(dialog).findByLabelText('New account name');
    expect(name).toHaveValue('');
    fireEvent.click(byButton('Update User', dialog));
    expect(await within(dialog).findByText('New account name is required')).toBeInTheDocument();
    expect(calls('PUT', '/api/v1/admin/user/u1')).toHaveLength(0);
  });

  it('a failed load leaves the lists empty and toasts the load default', async () => {
    mockApi({ 'GET /api/v1/admin/users': [200, paged([])], 'GET /api/v1/admin/editUser/u9': [500, {}] });
    renderAdmin('/app/adminSettings/users/edit/u9');
    const dialog = await dialogTitled('Edit User');
    await waitFor(() => expect(screen.getAllByText('An error occurred while loading user data').length).toBeGreaterThan(0));
    expect(byButton('Update User', dialog)).toBeDisabled();
  });
});

describe('user list', () => {
  it('renders the spec columns, and the typed-name delete enables Yes only on an exact match', async () => {
    mockApi({
      'GET /api/v1/admin/users': [200, paged([userRow('u1', 'Ada', 'Lovelace')])],
      'DELETE /api/v1/admin/user/u1': [204],
    });
    renderAdmin('/app/adminSettings/users');
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    for (const title of ['Name', 'Email', 'Role', 'Account', 'Status', 'Last Login', 'Actions']) {
      expect(screen.getAllByText(title, { selector: 'th, th *' }).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search users')).toBeInTheDocument();
    expect(calls('GET', '/api/v1/admin/users')[0].search.get('page')).toBe('1');

    fireEvent.click(byButton('Delete Ada Lovelace'));
    const yes = await findButton('Yes');
    expect(yes).toBeDisabled();
    const input = screen.getByLabelText('Type the full name to confirm');
    fill(input, 'Ada');
    expect(yes).toBeDisabled();
    fill(input, 'ada lovelace');
    expect(yes).toBeDisabled();
    fill(input, 'Ada Lovelace');
    expect(yes).toBeEnabled();
    fireEvent.click(yes);
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls('DELETE', '/api/v1/admin/user/u1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByLabelText('Type the full name to confirm')).not.toBeInTheDocument());
  });

  it('a user without a name (self-signed-up) is listed and confirmed by their email', async () => {
    const noName = { ...userRow('u7', '', ''), username: 'newcomer@example.com' };
    mockApi({ 'GET /api/v1/admin/users': [200, paged([noName])], 'DELETE /api/v1/admin/user/u7': [204] });
    renderAdmin('/app/adminSettings/users');
    // The Name column shows the email too, so the row is never blank.
    expect(await screen.findAllByText('newcomer@example.com', { selector: 'td, td *' })).toHaveLength(2);
    fireEvent.click(byButton('Delete newcomer@example.com'));
    const yes = await findButton('Yes');
    expect(yes).toBeDisabled();
    fill(screen.getByLabelText('Type the email to confirm'), 'newcomer@example.com');
    expect(yes).toBeEnabled();
    fireEvent.click(yes);
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls('DELETE', '/api/v1/admin/user/u7')).toHaveLength(1);
  });

  it('No closes the delete confirmation without a call', async () => {
    mockApi({ 'GET /api/v1/admin/users': [200, paged([userRow('u1', 'Ada', 'Lovelace')])] });
    renderAdmin('/app/adminSettings/users');
    fireEvent.click(await findButton('Delete Ada Lovelace'));
    fireEvent.click(await findButton('No'));
    await waitFor(() => expect(screen.queryByLabelText('Type the full name to confirm')).not.toBeInTheDocument());
    expect(sent.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('a 409 on delete shows the server message', async () => {
    mockApi({
      'GET /api/v1/admin/users': [200, paged([userRow('u1', 'Ada', 'Lovelace')])],
      'DELETE /api/v1/admin/user/u1': [409, { error: { code: 'CONFLICT', message: 'You cannot delete yourself.' } }],
    });
    renderAdmin('/app/adminSettings/users');
    fireEvent.click(await findButton('Delete Ada Lovelace'));
    fill(screen.getByLabelText('Type the full name to confirm'), 'Ada Lovelace');
    fireEvent.click(byButton('Yes'));
    expect(await screen.findByText('You cannot delete yourself.')).toBeInTheDocument();
  });

  it('bulk: the confirmation states the count, then a summary toast', async () => {
    const rows = [userRow('u1', 'Ada', 'Lovelace'), userRow('u2', 'Alan', 'Turing'), userRow('u3', 'Grace', 'Hopper')];
    mockApi({
      'GET /api/v1/admin/users': [200, paged(rows)],
      'POST /api/v1/admin/users/bulk': [200, { data: { action: 'deactivate', matched: 3, changed: 3 } }],
    });
    renderAdmin('/app/adminSettings/users');
    await screen.findByText('Grace Hopper');
    const checkboxes = screen.getAllByLabelText(/^Select row/); // the first selects the page
    for (const [index, box] of checkboxes.entries()) {
      fireEvent.click(box);
      expect(await screen.findByText(`${index + 1} selected`)).toBeInTheDocument();
    }
    // Every selected user is active: Activate would change nothing and is not offered.
    await waitFor(() => expect(queryButton('Activate')).toBeNull());
    fireEvent.click(byButton('Deactivate'));
    expect(await screen.findByText('Deactivate 3 users?')).toBeInTheDocument();
    fireEvent.click(byButton('Yes'));
    expect(await screen.findByText('3 users deactivated')).toBeInTheDocument();
    expect(calls('POST', '/api/v1/admin/users/bulk')[0].body).toEqual({ action: 'deactivate', ids: ['u1', 'u2', 'u3'] });
  });

  it('bulk texts', () => {
    expect(bulkQuestion('delete', 1, 'strategies')).toBe('Delete 1 strategy?');
    expect(bulkQuestion('activate', 2, 'strategies')).toBe('Activate 2 strategies?');
    expect(bulkSummary('deactivate', 3, 'users')).toBe('3 users deactivated');
  });
});

describe('CSV import', () => {
  const report = (withError: boolean) => ({
    data: {
      rows: [
        { row: 1, values: { name: 'Flips', description: 'Quick turns', active: 'true' }, errors: {} },
        {
          row: 2,
          values: { name: '', description: 'No name', active: 'true' },
          errors: withError ? { name: 'Name is required' } : {},
        },
      ],
      valid: withError ? 1 : 2,
      invalid: withError ? 1 : 0,
      created: 0,
    },
  });

  async function chooseFile() {
    fireEvent.click(await findButton('Import CSV'));
    const dialog = await dialogTitled('Import Interests from CSV');
    expect(within(dialog).getByText('name,description,active')).toBeInTheDocument();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['name,description,active\nFlips,Quick turns,true\n,No name,true\n'], 'interests.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [file] } });
    return dialog;
  }

  it('marks rows with errors per field and disables the import', async () => {
    mockApi({
      'GET /api/v1/admin/interests': [200, paged([])],
      'POST /api/v1/admin/interests/import': [200, report(true)],
    });
    renderAdmin('/app/adminSettings/interests');
    const dialog = await chooseFile();
    const message = await within(dialog).findByText('Name is required');
    expect(message.closest('.dm-cell-error')).toHaveAttribute('data-field', 'name');
    expect(within(dialog).getByText('1 valid')).toBeInTheDocument();
    expect(within(dialog).getByText('1 with errors')).toBeInTheDocument();
    expect(byButton('Import 1 row', dialog)).toBeDisabled();
    expect(calls('POST', '/api/v1/admin/interests/import')[0].body).toEqual({
      csv: 'name,description,active\nFlips,Quick turns,true\n,No name,true\n',
      dryRun: true,
    });
  });

  it('imports a clean file and reports what was done', async () => {
    mockApi({
      'GET /api/v1/admin/interests': [200, paged([])],
      'POST /api/v1/admin/interests/import': (body) =>
        (body as { dryRun: boolean }).dryRun ? [200, report(false)] : [200, { data: { ...report(false).data, created: 2 } }],
    });
    renderAdmin('/app/adminSettings/interests');
    const dialog = await chooseFile();
    const button = await findButton('Import 2 rows', dialog);
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByText('Imported 2 interests')).toBeInTheDocument();
    expect(calls('POST', '/api/v1/admin/interests/import').map((c) => (c.body as { dryRun: boolean }).dryRun)).toEqual([
      true,
      false,
    ]);
    await waitFor(() => expect(calls('GET', '/api/v1/admin/interests').length).toBeGreaterThanOrEqual(2));
  });

  describe('users, imported as a job', () => {
    const usersReport = {
      data: {
        rows: [1, 2].map((row) => ({
          row,
          values: { firstName: `A${row}`, lastName: 'B', username: `a${row}@example.com`, password: '********' },
          errors: {},
        })),
        valid: 2,
        invalid: 0,
        created: 0,
      },
    };
    const job = (state: Partial<ImportJob>): { data: ImportJob } => ({
      data: {
        _id: 'job-1',
        section: 'users',
        phase: 'queued',
        total: 2,
        done: 0,
        created: 0,
        error: null,
        startedAt: '2026-01-01T00:00:00.000Z',
        finishedAt: null,
        ...state,
      },
    });

    /** Answers the import with a job, then each poll with the next state. */
    async function importUsers(states: Array<Partial<ImportJob>>) {
      mockApi({
        'GET /api/v1/admin/users': [200, paged([])],
        'POST /api/v1/admin/users/import': (body) => ((body as { dryRun: boolean }).dryRun ? [200, usersReport] : [202, job({})]),
        'GET /api/v1/admin/users/import/job-1': () => [200, job(states.length > 1 ? states.shift()! : states[0])],
      });
      renderAdmin('/app/adminSettings/users');
      fireEvent.click(await findButton('Import CSV'));
      const dialog = await dialogTitled('Import Users from CSV');
      const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      const file = new File(['firstName,lastName,username,password,role,accountName\n'], 'users.csv', { type: 'text/csv' });
      fireEvent.change(input, { target: { files: [file] } });
      const button = await findButton('Import 2 rows', dialog);
      await waitFor(() => expect(button).toBeEnabled());
      fireEvent.click(button);
      return dialog;
    }

    it('shows the hashing progress until the job is done, then reports it', async () => {
      const dialog = await importUsers([
        { phase: 'hashing', done: 1 },
        { phase: 'done', done: 2, created: 2 },
      ]);
      expect(await within(dialog).findByText('Starting the import')).toBeInTheDocument();
      expect(await within(dialog).findByText('Hashing passwords: 1 of 2', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(within(dialog).getByRole('status', { name: 'Import progress' })).toBeInTheDocument();
      expect(await screen.findByText('Imported 2 users', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(calls('GET', '/api/v1/admin/users/import/job-1')).toHaveLength(2);
      await waitFor(() => expect(calls('GET', '/api/v1/admin/users').length).toBeGreaterThanOrEqual(2));
    });

    it('shows why a job failed, and nothing was imported', async () => {
      const error = 'Nothing was imported. A user with the email a1@example.com already exists. Check the file again.';
      const dialog = await importUsers([{ phase: 'failed', done: 2, error }]);
      expect(await within(dialog).findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(error);
      expect(within(dialog).queryByRole('status', { name: 'Import progress' })).toBeNull();
    });
  });
});

describe('dashboard counts', () => {
  it('Admins see the user and market counts', async () => {
    mockApi({
      'GET /api/v1/auth/userCount': [200, { data: 42 }],
      'GET /api/v1/auth/marketCount': [200, { data: 7 }],
    });
    renderAdmin('/app');
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('Recent searches', { selector: '.ant-card-head-title *' })).toBeInTheDocument();
  });

  it('other roles do not even ask for the counts', async () => {
    mockApi({});
    renderAdmin('/app', { ...admin, role: 'Investor' });
    expect(await screen.findByText('Welcome back, Root.')).toBeInTheDocument();
    await waitFor(() => expect(sent.length).toBeGreaterThan(0)); // the dashboard's own lists
    expect(sent.filter((c) => c.path.endsWith('Count'))).toHaveLength(0);
  });
});

describe('market assumptions', () => {
  const AUSTIN = { _id: 'm1', city: 'Austin', state: 'TX', description: '', active: true };
  const answer = (assumptions: object) => ({
    data: { market: { _id: 'm1', city: 'Austin', state: 'TX' }, assumptions, defaults: DEFAULT_ASSUMPTIONS },
  });

  it('only filled-in fields are overrides; the rate and term never are', () => {
    expect(
      toOverrides({
        'operating.vacancyPercent': 5,
        'operating.managementPercent': null,
        'financing.interestRatePercent': 7,
        'flip.holdMonths': undefined,
      }),
    ).toEqual({ operating: { vacancyPercent: 5 } });
  });

  it('opens from the market row, shows the defaults as placeholders, and saves only what the admin set', async () => {
    mockApi({
      'GET /api/v1/admin/markets': [200, paged([AUSTIN])],
      'GET /api/v1/admin/market/m1/assumptions': [200, answer({ operating: { propertyTaxPercent: 2.1 } })],
      'PUT /api/v1/admin/market/m1/assumptions': (body) => [
        200,
        { data: { ...answer((body as { assumptions: object }).assumptions).data, listingsToRecompute: 12 } },
      ],
    });
    renderAdmin('/app/adminSettings/markets');
    fireEvent.click(await findButton('Investment assumptions for Austin, TX'));
    const dialog = await dialogTitled('Investment Assumptions: Austin, TX');
    const tax = within(dialog).getByLabelText<HTMLInputElement>('Property tax (per year, of value)');
    await waitFor(() => expect(tax.value).toBe('2.1'));
    const vacancy = within(dialog).getByLabelText<HTMLInputElement>('Vacancy');
    expect(vacancy.placeholder).toBe('8 (default)');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Interest rate').disabled).toBe(true);
    fill(vacancy, '6');
    fireEvent.blur(vacancy);
    fireEvent.click(byButton('Save Assumptions', dialog));
    await waitFor(() => expect(calls('PUT', '/api/v1/admin/market/m1/assumptions')).toHaveLength(1));
    expect(calls('PUT', '/api/v1/admin/market/m1/assumptions')[0].body).toEqual({
      assumptions: { operating: { propertyTaxPercent: 2.1, vacancyPercent: 6 } },
    });
    expect(await screen.findByText('Assumptions for Austin, TX updated successfully')).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    mockApi({
      'GET /api/v1/admin/markets': [200, paged([AUSTIN])],
      'GET /api/v1/admin/market/m1/assumptions': [200, answer({})],
      'PUT /api/v1/admin/market/m1/assumptions': [
        400,
        { error: { code: 'VALIDATION_FAILED', message: 'Vacancy (operating.vacancyPercent) must be between 0 and 100' } },
      ],
    });
    renderAdmin('/app/adminSettings/markets/assumptions/m1');
    const dialog = await dialogTitled('Investment Assumptions: Austin, TX');
    fireEvent.click(byButton('Save Assumptions', dialog));
    await waitFor(() =>
      expect(alertIn(dialog)).toHaveTextContent('Vacancy (operating.vacancyPercent) must be between 0 and 100'),
    );
  });
});
