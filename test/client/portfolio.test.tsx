import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { PortfolioPage } from '../../src/client/features/portfolio/portfolio-page';
import { PortfolioPropertyPage } from '../../src/client/features/portfolio/portfolio-property-page';
import { PORTFOLIO_TEXT } from '../../src/client/features/portfolio/portfolio-text';
import { ACTUALS_CSV_COLUMNS, PROPERTIES_CSV_COLUMNS } from '../../src/shared/portfolio/limits';
import { byButton, callsTo, dialogTitled, findButton, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';
import { DEAL_ID, detail, ELM, ELM_ID, OAK, OAK_ID, portfolio } from './portfolio-fixtures';

jest.setTimeout(30_000);
withFastComputedStyle();
beforeEach(() => jest.spyOn(toast, 'success'));
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toast.remove());
});

/*
 * rc-trigger's development-only check that a date picker and its popup share a root warns under jsdom
 * when one is typed into inside a dialog; it is about the test's DOM, not about the page.
 */
const consoleError = console.error.bind(console);
beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('should in same shadow root')) consoleError(...args);
  });
});
afterAll(() => jest.restoreAllMocks());

const API = '/api/v1/auth/portfolio';
const PROPERTY = `${API}/properties/${ELM_ID}`;

/** Types into a field found by its label (an Ant Design date picker takes the text, then Enter). */
function type(root: HTMLElement, label: string, value: string) {
  const input = within(root).getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  if (input.closest('.ant-picker')) fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

const renderPage = () => renderSignedIn(<PortfolioPage />, { path: '/app/portfolio' });
const renderProperty = (id = ELM_ID) =>
  renderSignedIn(<PortfolioPropertyPage />, { path: `/app/portfolio/${id}`, route: '/app/portfolio/:id' });

/**
 * A success toast was raised with `text`. Read from the call, not the screen: on a busy machine the
 * toast's 4 s could run out before a slow render let findBy look.
 */
const toasted = (text: string) => waitFor(() => expect(jest.mocked(toast.success)).toHaveBeenCalledWith(text));

describe('the Portfolio page', () => {
  it('shows the whole portfolio against the projection, what changed, the owned deals, each property and the history', async () => {
    mockApi({ [`GET ${API}`]: [200, { data: portfolio() }] });
    renderPage();
    const totals = await screen.findByTestId('portfolio-totals');
    expect(document.title).toBe('Portfolio — Dealmap');
    expect(screen.getByText('Figures to Mar 2026')).toBeInTheDocument();
    const figure = (label: string) => within(totals).getByText(label).closest('div') as HTMLElement;
    expect(figure('Value')).toHaveTextContent('$582,000Range $551,000–$614,000Projected $365,000');
    expect(figure('Rent estimate')).toHaveTextContent('$2,100/moRange $1,950–$2,250');
    expect(figure('Equity')).toHaveTextContent('$346,000');
    expect(figure('Loan balance')).toHaveTextContent('$236,000$1,573 a month');
    expect(figure('Cash flow to date')).toHaveTextContent('$900Projected $1,6503 months entered');
    expect(figure('Cash-on-cash')).toHaveTextContent('6.67%Projected 9.17%');
    expect(figure('IRR to date')).toHaveTextContent('11.20%Projected 12.50%');

    const changes = screen.getByTestId('portfolio-changes');
    expect(within(changes).getByText(PORTFOLIO_TEXT.changes)).toBeInTheDocument();
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 Elm St: rent $150/mo below the projection since March 2026', '9 Oak Ave has no value estimate']);

    const owned = screen.getByTestId(`owned-deal-${DEAL_ID}`);
    expect(owned).toHaveTextContent('5 Pine Rd Austin, TX 78703');
    expect(owned).toHaveTextContent('Owned since Feb 20, 2026 · Offer $245,000');

    const table = screen.getByTestId('portfolio-table');
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
    expect(within(table).getByText('1 Elm St').closest('a')).toHaveAttribute('href', `/app/portfolio/${ELM_ID}`);
    const oak = within(table).getByText('9 Oak Ave').closest('tr') as HTMLElement;
    expect(oak).toHaveTextContent('$210,000');
    expect(oak).toHaveTextContent(PORTFOLIO_TEXT.noEstimate);
    expect(oak).toHaveTextContent('-$300Projected $1,650');

    // The history: both charts with their figures in a table under each.
    const cashFlow = screen.getByTestId('history-cashFlow');
    expect(within(cashFlow).getByText('Cash flow, month by month', { selector: 'h4' })).toBeInTheDocument();
    expect(within(cashFlow).getByText('Show the figures')).toBeInTheDocument();
    const row = within(cashFlow).getByText('Mar 2026').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Mar 2026$300$550');
    await waitFor(() => expect(cashFlow.querySelector('.recharts-wrapper, svg')).not.toBeNull());
    expect(within(screen.getByTestId('history-value')).getByText('Value and equity', { selector: 'h4' })).toBeInTheDocument();
  });

  it('lists the properties as cards on a phone, where a table would scroll sideways', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      mockApi({ [`GET ${API}`]: [200, { data: portfolio() }] });
      renderPage();
      const list = await screen.findByTestId('portfolio-table');
      expect(list.tagName).toBe('UL');
      expect(list.querySelector('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(within(cards[0]).getByText('1 Elm St').closest('a')).toHaveAttribute('href', `/app/portfolio/${ELM_ID}`);
      expect(within(cards[0]).getByText('Cash-on-cash').closest('div')).toHaveTextContent('6.67%Projected 9.17%');
    } finally {
      window.innerWidth = width;
    }
  });

  it('adds an Owned pipeline deal with its purchase and loan', async () => {
    const sent = mockApi({
      [`GET ${API}`]: [200, { data: portfolio() }],
      [`POST ${API}/properties`]: [201, { data: detail() }],
    });
    renderPage();
    fireEvent.click(await screen.findByTestId(`add-owned-${DEAL_ID}`));
    const dialog = await dialogTitled('Add 5 Pine Rd to the portfolio');
    // Prefilled from the deal: its offer price, the day it became owned, a 30-year loan starting then.
    expect(within(dialog).getByLabelText('Purchase price')).toHaveValue('245,000');
    expect(within(dialog).getByLabelText('Purchase date')).toHaveValue('2026-02-20');
    expect(within(dialog).getByLabelText('Term (years)')).toHaveValue('30');
    expect(within(dialog).getByLabelText('Loan start')).toHaveValue('2026-02-20');

    type(dialog, 'Purchase date', '2026-02-18');
    await waitFor(() => expect(within(dialog).getByLabelText('Loan start')).toHaveValue('2026-02-18'));
    type(dialog, 'Loan amount', '196000');
    fireEvent.click(byButton(PORTFOLIO_TEXT.add));
    // A loan needs its rate.
    expect(await within(dialog).findByText('Enter the interest rate')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', `${API}/properties`)).toHaveLength(0);

    type(dialog, 'Interest rate', '6.25');
    fireEvent.click(byButton(PORTFOLIO_TEXT.add));
    await waitFor(() => expect(callsTo(sent, 'POST', `${API}/properties`)).toHaveLength(1));
    expect(callsTo(sent, 'POST', `${API}/properties`)[0].body).toEqual({
      dealId: DEAL_ID,
      purchasePrice: 245000,
      purchaseDate: '2026-02-18',
      loan: { amount: 196000, ratePercent: 6.25, termYears: 30, startDate: '2026-02-18' },
    });
    await toasted('5 Pine Rd added to your portfolio');
    // The portfolio is asked again.
    await waitFor(() => expect(callsTo(sent, 'GET', API)).toHaveLength(2));
  });

  it('adds a property by its address, a cash purchase, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const sent = mockApi({
      [`GET ${API}`]: [200, { data: portfolio() }],
      [`POST ${API}/properties`]: () =>
        refuse
          ? [400, { error: { code: 'BAD_REQUEST', message: 'The purchase date is before the loan start' } }]
          : [201, { data: detail() }],
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('portfolio-add-address'));
    const dialog = await dialogTitled(PORTFOLIO_TEXT.addAddressTitle);
    type(dialog, 'Address', ' 12 Birch Ln ');
    type(dialog, 'City', 'Round Rock');
    type(dialog, 'State', 'Texas');
    type(dialog, 'ZIP', '7868');
    type(dialog, 'Beds', '3');
    type(dialog, 'Square feet', '1600');
    type(dialog, 'Purchase price', '310000');
    type(dialog, 'Purchase date', '2024-06-01');
    fireEvent.click(byButton(PORTFOLIO_TEXT.add));
    expect(await within(dialog).findByText('Two letters, as TX')).toBeInTheDocument();
    expect(within(dialog).getByText('Five digits')).toBeInTheDocument();

    type(dialog, 'State', 'tx');
    type(dialog, 'ZIP', '78681');
    fireEvent.click(byButton(PORTFOLIO_TEXT.add));
    expect(await within(dialog).findByText('The purchase date is before the loan start')).toBeInTheDocument();

    refuse = false;
    fireEvent.click(byButton(PORTFOLIO_TEXT.add));
    await toasted('12 Birch Ln added to your portfolio');
    const posts = callsTo(sent, 'POST', `${API}/properties`);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({
      address: '12 Birch Ln',
      city: 'Round Rock',
      state: 'TX',
      zip: '78681',
      beds: 3,
      area: 1600,
      purchasePrice: 310000,
      purchaseDate: '2024-06-01',
    });
  });

  it('imports properties from a CSV file: the columns it needs, the server refusal, then the count added', async () => {
    let answer: [number, unknown] = [400, { error: { code: 'BAD_REQUEST', message: 'Missing columns: Purchase date' } }];
    const sent = mockApi({
      [`GET ${API}`]: [200, { data: portfolio() }],
      [`POST ${API}/import.csv`]: () => answer,
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('portfolio-import'));
    const dialog = await dialogTitled(PORTFOLIO_TEXT.importTitle);
    expect(dialog).toHaveTextContent(PROPERTIES_CSV_COLUMNS.join(', '));
    expect(byButton(PORTFOLIO_TEXT.import)).toBeDisabled();

    const csv = 'Address,City,State,ZIP,Purchase price\r\n1 Elm St,Austin,TX,78701,300000\r\n';
    fireEvent.change(within(dialog).getByLabelText(PORTFOLIO_TEXT.csvFile), {
      target: { files: [new File([csv], 'portfolio.csv', { type: 'text/csv' })] },
    });
    // The file's text shows in the box (whose value reads line breaks as \n), and is sent as it is.
    await waitFor(() => expect(within(dialog).getByLabelText(PORTFOLIO_TEXT.csvText)).toHaveValue(csv.replace(/\r\n/g, '\n')));
    fireEvent.click(byButton(PORTFOLIO_TEXT.import));
    expect(await within(dialog).findByText('Missing columns: Purchase date')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', `${API}/import.csv`)[0].body).toEqual({ csv });

    answer = [200, { data: { imported: 2 } }];
    fireEvent.click(byButton(PORTFOLIO_TEXT.import));
    await toasted('2 properties added');
    await waitFor(() => expect(screen.queryByText(PORTFOLIO_TEXT.importTitle)).toBeNull());
  });

  it('explains where owned properties come from when there are none', async () => {
    mockApi({ [`GET ${API}`]: [200, { data: portfolio({ properties: [], ownedDeals: [], history: [] }) }] });
    renderPage();
    const empty = await screen.findByTestId('portfolio-empty');
    expect(empty).toHaveTextContent(PORTFOLIO_TEXT.empty);
    expect(within(empty).getByText(PORTFOLIO_TEXT.openPipeline).closest('a')).toHaveAttribute('href', '/app/pipeline');
    expect(screen.getByTestId('portfolio-add-address')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-import')).toBeInTheDocument();
    expect(screen.queryByTestId('portfolio-totals')).toBeNull();
    expect(screen.queryByTestId('portfolio-table')).toBeNull();
  });

  it("shows the server's message when the portfolio does not load", async () => {
    mockApi({ [`GET ${API}`]: [500, { error: { code: 'INTERNAL', message: 'The database is not reachable' } }] });
    renderPage();
    expect(await screen.findByText('The database is not reachable')).toBeInTheDocument();
    expect(byButton('Try again')).toBeInTheDocument();
  });
});

describe("an owned property's page", () => {
  it('shows its figures, what changed, its months with their cash flow, its purchase and its history', async () => {
    mockApi({ [`GET ${PROPERTY}`]: [200, { data: detail() }] });
    renderProperty();
    const figures = await screen.findByTestId('property-figures');
    expect(document.title).toBe('1 Elm St — Dealmap');
    expect(within(figures).getByText('Value').closest('div')).toHaveTextContent('$372,000Range $351,000–$394,000');
    expect(within(figures).getByText('Cash-on-cash').closest('div')).toHaveTextContent('6.67%Projected 9.17%');
    expect(screen.getByTestId('property-changes')).toHaveTextContent('Rent $150/mo below the projection since March 2026');
    expect(screen.getByText(PORTFOLIO_TEXT.back).closest('a')).toHaveAttribute('href', '/app/portfolio');

    const months = screen.getByTestId('months-table');
    const rows = Array.from(months.querySelectorAll('tbody tr.ant-table-row'));
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['Mar 2026', 'Feb 2026', 'Jan 2026']);
    expect(rows[0]).toHaveTextContent('Mar 2026$1,9502$500$300Water heater');

    const purchase = screen.getByTestId('purchase-details');
    expect(purchase).toHaveTextContent('$300,000');
    expect(purchase).toHaveTextContent('$240,000 at 6.5% over 30 years, from Dec 15, 2025');
    expect(purchase).toHaveTextContent('Monthly rent (year 1)$2,100');
    expect(screen.getByTestId('history-cashFlow')).toBeInTheDocument();
  });

  it('adds a month of actuals', async () => {
    const sent = mockApi({
      [`GET ${PROPERTY}`]: [200, { data: detail() }],
      [`PUT ${PROPERTY}/months/2026-04`]: [200, { data: detail() }],
    });
    renderProperty();
    fireEvent.click(await screen.findByTestId('add-month'));
    const dialog = await dialogTitled(PORTFOLIO_TEXT.addMonth);
    // The month after the latest entered, with its rent and expenses to start from.
    expect(within(dialog).getByLabelText('Month')).toHaveValue('2026-04');
    expect(within(dialog).getByLabelText('Rent')).toHaveValue('1,950');
    type(dialog, 'Month', '2026-04');
    type(dialog, 'Rent', '2100');
    type(dialog, 'Vacant days', '3');
    type(dialog, 'Expenses', '275');
    type(dialog, 'Note', ' Gutter cleaning ');
    fireEvent.click(byButton(PORTFOLIO_TEXT.save));
    await waitFor(() => expect(callsTo(sent, 'PUT', `${PROPERTY}/months/2026-04`)).toHaveLength(1));
    expect(callsTo(sent, 'PUT', `${PROPERTY}/months/2026-04`)[0].body).toEqual({
      rent: 2100,
      vacantDays: 3,
      expenses: 275,
      note: 'Gutter cleaning',
    });
    await toasted('Apr 2026 saved');
    await waitFor(() => expect(callsTo(sent, 'GET', PROPERTY)).toHaveLength(2));
  });

  it('edits and deletes an entered month', async () => {
    const sent = mockApi({
      [`GET ${PROPERTY}`]: [200, { data: detail() }],
      [`PUT ${PROPERTY}/months/2026-02`]: [200, { data: detail() }],
      [`DELETE ${PROPERTY}/months/2026-01`]: [200, { data: detail() }],
    });
    renderProperty();
    fireEvent.click(await findButton('Edit Feb 2026'));
    const dialog = await dialogTitled('Edit Feb 2026');
    expect(within(dialog).getByLabelText('Month')).toBeDisabled();
    type(dialog, 'Expenses', '900');
    fireEvent.click(byButton(PORTFOLIO_TEXT.save));
    await waitFor(() => expect(callsTo(sent, 'PUT', `${PROPERTY}/months/2026-02`)).toHaveLength(1));
    expect(callsTo(sent, 'PUT', `${PROPERTY}/months/2026-02`)[0].body).toEqual({ rent: 2000, vacantDays: 0, expenses: 900 });

    fireEvent.click(await findButton('Delete Jan 2026'));
    const confirm = await dialogTitled('Delete the figures of Jan 2026?');
    fireEvent.click(byButton('Yes', confirm));
    await waitFor(() => expect(callsTo(sent, 'DELETE', `${PROPERTY}/months/2026-01`)).toHaveLength(1));
    expect(await screen.findByText('Jan 2026 deleted')).toBeInTheDocument();
  });

  it("imports a statement's months, showing the server's message when a column is missing", async () => {
    let answer: [number, unknown] = [400, { error: { code: 'BAD_REQUEST', message: 'Missing columns: Rent' } }];
    const sent = mockApi({
      [`GET ${PROPERTY}`]: [200, { data: detail() }],
      [`POST ${PROPERTY}/actuals.csv`]: () => answer,
    });
    renderProperty();
    fireEvent.click(await screen.findByTestId('import-actuals'));
    const dialog = await dialogTitled(PORTFOLIO_TEXT.importActualsTitle);
    expect(dialog).toHaveTextContent(ACTUALS_CSV_COLUMNS.join(', '));
    const csv = 'Month,Vacant days,Expenses\n2026-04,0,300\n';
    fireEvent.change(within(dialog).getByLabelText(PORTFOLIO_TEXT.csvText), { target: { value: csv } });
    fireEvent.click(byButton(PORTFOLIO_TEXT.import));
    expect(await within(dialog).findByText('Missing columns: Rent')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', `${PROPERTY}/actuals.csv`)[0].body).toEqual({ csv });

    answer = [200, { data: { imported: 3 } }];
    fireEvent.click(byButton(PORTFOLIO_TEXT.import));
    await toasted('3 months imported');
    await waitFor(() => expect(callsTo(sent, 'GET', PROPERTY)).toHaveLength(2));
  });

  it('edits the purchase, loan and projection, and removes a cash purchase from the loan', async () => {
    const sent = mockApi({
      [`GET ${PROPERTY}`]: [200, { data: detail() }],
      [`PATCH ${PROPERTY}`]: [200, { data: detail() }],
    });
    renderProperty();
    fireEvent.click(await findButton(PORTFOLIO_TEXT.edit));
    const dialog = await dialogTitled(PORTFOLIO_TEXT.editTitle);
    expect(within(dialog).getByLabelText('Loan amount')).toHaveValue('240,000');
    type(dialog, 'Loan amount', '');
    type(dialog, 'Monthly rent (year 1)', '2200');
    fireEvent.click(byButton(PORTFOLIO_TEXT.save));
    await waitFor(() => expect(callsTo(sent, 'PATCH', PROPERTY)).toHaveLength(1));
    expect(callsTo(sent, 'PATCH', PROPERTY)[0].body).toEqual({
      beds: 3,
      baths: 2,
      area: 1450,
      purchasePrice: 300000,
      purchaseDate: '2025-12-15',
      loan: null,
      plan: { ...ELM.plan, monthlyRent: 2200 },
    });
    await toasted(PORTFOLIO_TEXT.saved);
  });

  it('removes the property after a confirmation and goes back to the portfolio', async () => {
    const sent = mockApi({
      [`GET ${API}/properties/${OAK_ID}`]: [200, { data: detail({ ...OAK, months: [] }) }],
      [`DELETE ${API}/properties/${OAK_ID}`]: [204],
    });
    renderProperty(OAK_ID);
    expect(await screen.findByText(PORTFOLIO_TEXT.noMonths)).toBeInTheDocument();
    expect(screen.getByTestId('purchase-details')).toHaveTextContent(PORTFOLIO_TEXT.loanNone);
    fireEvent.click(byButton(PORTFOLIO_TEXT.remove));
    const confirm = await dialogTitled('Remove 9 Oak Ave from your portfolio?');
    fireEvent.click(byButton('Yes', confirm));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/portfolio'));
    expect(callsTo(sent, 'DELETE', `${API}/properties/${OAK_ID}`)).toHaveLength(1);
    await toasted('9 Oak Ave removed from your portfolio');
  });

  it('says so when the property is not in the portfolio', async () => {
    mockApi({ [`GET ${PROPERTY}`]: [404, { error: { code: 'NOT_FOUND', message: 'Not found' } }] });
    renderProperty();
    expect(await screen.findByText(PORTFOLIO_TEXT.notFound)).toBeInTheDocument();
  });
});
