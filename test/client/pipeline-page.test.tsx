import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { PipelineControl } from '../../src/client/features/pipeline';
import { PipelinePage } from '../../src/client/features/pipeline/pipeline-page';
import { PIPELINE_TEXT } from '../../src/client/features/pipeline/pipeline-text';
import type { PipelineDeal } from '../../src/shared/schemas/pipeline';
import { callsTo, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const PROPERTY = '11111111-1111-4111-8111-111111111111';

function deal(overrides: Partial<PipelineDeal>): PipelineDeal {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    propertyId: PROPERTY,
    address: '1 Elm St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    latitude: 30.27,
    longitude: -97.74,
    listPrice: 250000,
    listingStatus: 'Active',
    stage: 'watching',
    offerPrice: null,
    stageSince: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    addedAt: '2026-11-01T10:00:00Z',
    moves: [{ stage: 'watching', movedAt: '2026-11-01T10:00:00Z' }],
    ...overrides,
  };
}

const ELM = deal({});
const OAK = deal({
  _id: '33333333-3333-4333-8333-333333333333',
  propertyId: null,
  address: '9 Oak Ave',
  stage: 'under-contract',
  offerPrice: 240000,
  listingStatus: 'Sold',
});

describe('the Pipeline page', () => {
  it('shows a column a stage with its cards, and moves a card by its buttons', async () => {
    const sent = mockApi({
      'GET /api/v1/auth/pipeline': [200, { data: [ELM, OAK] }],
      [`PATCH /api/v1/auth/pipeline/${ELM._id}`]: (body) => [200, { data: { ...ELM, ...(body as object) } }],
    });
    renderSignedIn(<PipelinePage />, { path: '/app/pipeline' });
    const watching = await screen.findByTestId('pipeline-column-watching');
    expect(within(watching).getByRole('heading', { name: 'Watching (1)' })).toBeInTheDocument();
    expect(within(watching).getByRole('link', { name: '1 Elm St, Austin, TX 78701' })).toHaveAttribute(
      'href',
      `/app/property/${PROPERTY}`,
    );
    expect(within(watching).getByText('Watching for 3 days')).toBeInTheDocument();
    const contract = screen.getByTestId('pipeline-column-under-contract');
    // A deal whose listing sold: its address without a link, and why.
    expect(within(contract).getByText('9 Oak Ave, Austin, TX 78701')).toBeInTheDocument();
    expect(within(contract).getByText('Sold: no longer listed')).toBeInTheDocument();
    expect(within(contract).getByText('List $250,000 · Offer $240,000')).toBeInTheDocument();
    expect(within(screen.getByTestId('pipeline-column-owned')).getByText(PIPELINE_TEXT.emptyStage)).toBeInTheDocument();
    // The first column has no way back.
    expect(within(watching).queryByRole('button', { name: /back to/ })).toBeNull();

    fireEvent.click(within(watching).getByRole('button', { name: 'Move 1 Elm St on to Analysing' }));
    await waitFor(() => expect(callsTo(sent, 'PATCH', `/api/v1/auth/pipeline/${ELM._id}`)).toHaveLength(1));
    expect(callsTo(sent, 'PATCH', `/api/v1/auth/pipeline/${ELM._id}`)[0].body).toEqual({ stage: 'analysing' });
    expect(await screen.findByText('1 Elm St moved to Analysing')).toBeInTheDocument();
  });

  it('lists the deals in a table and downloads them as a CSV file', async () => {
    const createObjectURL = jest.fn(() => 'blob:pipeline');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const sent = mockApi({
      'GET /api/v1/auth/pipeline': [200, { data: [ELM, OAK] }],
      'GET /api/v1/auth/pipeline/export.csv': [200, 'Address,City\r\n1 Elm St,Austin\r\n'],
    });
    renderSignedIn(<PipelinePage />, { path: '/app/pipeline?view=list', route: '/app/pipeline' });
    const list = await screen.findByTestId('pipeline-list');
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(within(list).getByRole('combobox', { name: `${PIPELINE_TEXT.stageLabel}: 9 Oak Ave` })).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: PIPELINE_TEXT.download }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(callsTo(sent, 'GET', '/api/v1/auth/pipeline/export.csv')[0].search.get('stages')).toBeNull();
  });

  it('says so when the pipeline is empty', async () => {
    mockApi({ 'GET /api/v1/auth/pipeline': [200, { data: [] }] });
    renderSignedIn(<PipelinePage />, { path: '/app/pipeline' });
    expect(await screen.findByText(PIPELINE_TEXT.empty)).toBeInTheDocument();
  });
});

describe("the property page's pipeline control", () => {
  it('puts a property in the pipeline, then takes the max offer as its offer price in one click', async () => {
    let current: PipelineDeal | null = null;
    const sent = mockApi({
      [`GET /api/v1/auth/pipeline/properties/${PROPERTY}`]: () =>
        current
          ? [200, { data: current }]
          : [404, { error: { code: 'NOT_FOUND', message: 'This property is not in your pipeline' } }],
      [`PUT /api/v1/auth/pipeline/properties/${PROPERTY}`]: (body) => {
        current = deal({ stage: (body as { stage: PipelineDeal['stage'] }).stage });
        return [201, { data: current }];
      },
      [`PATCH /api/v1/auth/pipeline/${ELM._id}`]: (body) => {
        current = { ...current!, ...(body as object) };
        return [200, { data: current }];
      },
    });
    renderSignedIn(<PipelineControl propertyId={PROPERTY} maxOfferPrice={212345.4} />, { path: '/app/property/x' });
    const select = await screen.findByRole('combobox', { name: PIPELINE_TEXT.stageLabel });
    expect(screen.queryByRole('button', { name: /Use max offer/ })).toBeNull();
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Analysing'));
    await waitFor(() => expect(callsTo(sent, 'PUT', `/api/v1/auth/pipeline/properties/${PROPERTY}`)).toHaveLength(1));
    expect(callsTo(sent, 'PUT', `/api/v1/auth/pipeline/properties/${PROPERTY}`)[0].body).toEqual({ stage: 'analysing' });
    expect(await screen.findByText('Added to your pipeline: Analysing')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Use max offer $212,345' }));
    await waitFor(() => expect(callsTo(sent, 'PATCH', `/api/v1/auth/pipeline/${ELM._id}`)).toHaveLength(1));
    expect(callsTo(sent, 'PATCH', `/api/v1/auth/pipeline/${ELM._id}`)[0].body).toEqual({ offerPrice: 212345 });
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: PIPELINE_TEXT.offerLabel })).toHaveValue('212,345'));
    expect(screen.getByRole('link', { name: PIPELINE_TEXT.openPipeline })).toHaveAttribute('href', '/app/pipeline');
  });
});
