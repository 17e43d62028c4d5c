import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router-dom';
import { AddRate, EditRate, RatesSection } from '../../src/client/features/admin-settings/rates-section';
import { NO_FEED } from '../../src/shared/rates-feed';
import type { Rate, RatesImportReport, RatesStatus } from '../../src/shared/schemas/rates';
import {
  byButton,
  callsTo,
  dialogTitled,
  findButton,
  makeUser,
  mockApi,
  renderSignedIn,
  withFastComputedStyle,
  type SentCall,
} from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const admin = makeUser({ role: 'Admin', roleName: 'Admin' });
const THIRTY: Rate = {
  _id: 'r30',
  product: '30-Year Fixed',
  rate: 6.26,
  termMonths: 360,
  asOf: '2025-11-20',
  source: 'Freddie Mac PMMS',
};
const FIFTEEN: Rate = {
  _id: 'r15',
  product: '15-Year Fixed',
  rate: 5.54,
  termMonths: 180,
  asOf: '2025-11-20',
  source: 'Freddie Mac PMMS',
};
const page = (items: Rate[]) => ({ data: { items, total: items.length, page: 1, pageSize: 20 } });
const IDLE_FEED = NO_FEED;
const status = (reprice: RatesStatus['reprice'], feed: RatesStatus['feed'] = IDLE_FEED) => ({ data: { reprice, feed } });
const IDLE = status({ running: false, done: 0, total: 0 });

function openRates(path = '/app/adminSettings/rates') {
  return renderSignedIn(
    <Routes>
      <Route element={<RatesSection />}>
        <Route index element={null} />
        <Route path="add" element={<AddRate />} />
        <Route path="edit/:id" element={<EditRate />} />
      </Route>
    </Routes>,
    { path, route: '/app/adminSettings/rates/*', user: admin },
  );
}

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the admin Rates section', () => {
  it('lists rates by product and survey week, with the feed not set up', async () => {
    mockApi({ 'GET /api/v1/admin/rates': [200, page([FIFTEEN, THIRTY])], 'GET /api/v1/admin/rates/status': [200, IDLE] });
    openRates();
    const row = (await screen.findByText('30-Year Fixed')).closest('tr') as HTMLElement;
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '30-Year Fixed',
      '6.26%',
      'Nov 20, 2025',
      'Freddie Mac PMMS',
      '',
    ]);
    expect(screen.getByText('2 rates')).toBeInTheDocument();
    expect(byButton('Edit 30-Year Fixed, Nov 20, 2025')).toBeInTheDocument();
    expect(await screen.findByText(/No rates feed is set/)).toBeInTheDocument();
  });

  it('adds a rate: the form checks the fields first, then sends the trimmed values and shows the re-pricing', async () => {
    let sent: SentCall[] = [];
    let repricing = false;
    sent = mockApi({
      'GET /api/v1/admin/rates': [200, page([THIRTY])],
      'GET /api/v1/admin/rates/status': () => [200, repricing ? status({ running: true, done: 500, total: 2000 }) : IDLE],
      'POST /api/v1/admin/rate': () => {
        repricing = true;
        return [201, { data: { ...THIRTY, _id: 'new', rate: 6.1, asOf: '2025-12-04', source: '' } }];
      },
    });
    openRates('/app/adminSettings/rates/add');
    const dialog = await dialogTitled('Add New Rate');
    fireEvent.click(byButton('Create Rate', dialog));
    expect(await within(dialog).findByText('Rate is required')).toBeInTheDocument();
    expect(within(dialog).getByText('As of is required')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/admin/rate')).toHaveLength(0);

    fill(within(dialog).getByLabelText('Rate (%)'), '6.1');
    fill(within(dialog).getByLabelText('As of (survey week)'), '2025-12-04');
    fill(within(dialog).getByLabelText('Source'), '  ');
    fireEvent.click(byButton('Create Rate', dialog));
    expect(await screen.findByText('Rate created successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/admin/rate')[0].body).toEqual({
      product: '30-Year Fixed',
      rate: 6.1,
      asOf: '2025-12-04',
      source: '',
    });
    const progress = await screen.findByRole('status', { name: 'Re-pricing progress' });
    expect(progress).toHaveTextContent('Re-pricing listings at the new 30-year rate: 500 of 2,000');
  });

  it('shows the server message of a refused edit in the form', async () => {
    mockApi({
      'GET /api/v1/admin/rates': [200, page([THIRTY])],
      'GET /api/v1/admin/rates/status': [200, IDLE],
      'GET /api/v1/admin/rate/r30': [200, { data: THIRTY }],
      'PUT /api/v1/admin/rate/r30': [
        409,
        {
          error: {
            code: 'CONFLICT',
            message: 'A 30-Year Fixed rate for the week of Nov 13, 2025 already exists: edit that one instead',
          },
        },
      ],
    });
    openRates('/app/adminSettings/rates/edit/r30');
    const dialog = await dialogTitled('Edit Rate');
    await waitFor(() => expect(within(dialog).getByLabelText('As of (survey week)')).toHaveValue('2025-11-20'));
    fill(within(dialog).getByLabelText('As of (survey week)'), '2025-11-13');
    fireEvent.click(byButton('Update Rate', dialog));
    await waitFor(() =>
      expect(dialog.querySelector('[role="alert"]')).toHaveTextContent(
        'A 30-Year Fixed rate for the week of Nov 13, 2025 already exists: edit that one instead',
      ),
    );
  });

  it('shows the feed’s last fetch and its failure', async () => {
    mockApi({
      'GET /api/v1/admin/rates': [200, page([THIRTY])],
      'GET /api/v1/admin/rates/status': [
        200,
        status(
          { running: false, done: 0, total: 0 },
          {
            ...IDLE_FEED,
            configured: true,
            url: 'https://example.com/pmms.csv',
            lastFetchAt: '2026-11-20T10:00:00.000Z',
            lastSuccessAt: '2026-11-13T10:00:00.000Z',
            lastError: 'The feed answered HTTP 503 Service Unavailable',
            nextFetchAt: '2026-11-27T10:00:00.000Z',
          },
        ),
      ],
    });
    openRates();
    expect(await screen.findByText('https://example.com/pmms.csv')).toBeInTheDocument();
    expect(screen.getByText('The last fetch failed: The feed answered HTTP 503 Service Unavailable')).toBeInTheDocument();
    expect(screen.getByText(/Last successful fetch: Nov 13, 2026/)).toBeInTheDocument();
  });

  describe('Import CSV', () => {
    const CSV = 'date,pmms30,pmms15\n2025-12-04,6.1,5.4\nsomeday,6,5\n';
    const preview = (errors: RatesImportReport['errors']): RatesImportReport => ({
      rows: [{ line: 2, asOf: '2025-12-04', thirty: 6.1, fifteen: 5.4, change: 'new' }],
      errors,
      newRates: 2,
      changedRates: 0,
      written: 0,
    });

    async function chooseFile(text = CSV) {
      fireEvent.click(await findButton('Import CSV'));
      const dialog = await dialogTitled('Import Rates from CSV');
      const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File([text], 'pmms.csv', { type: 'text/csv' })] } });
      return dialog;
    }

    it('previews the weeks and lists the lines with errors; nothing can be imported until they are fixed', async () => {
      const sent = mockApi({
        'GET /api/v1/admin/rates': [200, page([THIRTY])],
        'GET /api/v1/admin/rates/status': [200, IDLE],
        'POST /api/v1/admin/rates/import': [200, { data: preview([{ line: 3, message: 'Not a date: "someday"' }]) }],
      });
      openRates();
      const dialog = await chooseFile();
      expect(await within(dialog).findByText('Line 3: Not a date: "someday"')).toBeInTheDocument();
      expect(within(dialog).getByText('Dec 4, 2025')).toBeInTheDocument();
      expect(within(dialog).getByText('1 with errors')).toBeInTheDocument();
      expect(byButton('Import 2 rates', dialog)).toBeDisabled();
      expect(callsTo(sent, 'POST', '/api/v1/admin/rates/import')[0].body).toEqual({ csv: CSV, dryRun: true });
    });

    it('imports a clean file', async () => {
      const sent = mockApi({
        'GET /api/v1/admin/rates': [200, page([THIRTY])],
        'GET /api/v1/admin/rates/status': [200, IDLE],
        'POST /api/v1/admin/rates/import': (body) =>
          (body as { dryRun: boolean }).dryRun ? [200, { data: preview([]) }] : [200, { data: { ...preview([]), written: 2 } }],
      });
      openRates();
      const dialog = await chooseFile('date,pmms30,pmms15\n2025-12-04,6.1,5.4\n');
      const button = await findButton('Import 2 rates', dialog);
      await waitFor(() => expect(button).toBeEnabled());
      fireEvent.click(button);
      expect(await screen.findByText('Imported 2 rates')).toBeInTheDocument();
      expect(callsTo(sent, 'POST', '/api/v1/admin/rates/import')[1].body).toEqual({
        csv: 'date,pmms30,pmms15\n2025-12-04,6.1,5.4\n',
        dryRun: false,
      });
    });

    it('shows a file that is not a PMMS history', async () => {
      const message = 'This is not a PMMS history file: No date column (expected a header named date or week)';
      mockApi({
        'GET /api/v1/admin/rates': [200, page([THIRTY])],
        'GET /api/v1/admin/rates/status': [200, IDLE],
        'POST /api/v1/admin/rates/import': [400, { error: { code: 'VALIDATION_FAILED', message, fields: { csv: message } } }],
      });
      openRates();
      const dialog = await chooseFile('name\nx\n');
      await waitFor(() => expect(dialog.querySelector('[role="alert"]')).toHaveTextContent(message));
      expect(byButton('Import 0 rates', dialog)).toBeDisabled();
    });
  });
});
