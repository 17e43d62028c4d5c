/**
 * Admin Settings → Accuracy (issue 37): when the backtest last ran and how long it took, its counts,
 * a failure in words, the next nightly run, the last runs, and "Run now" (a toast, polling until the
 * run ends, its outcome, and the cached accuracy figures made stale).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { accuracyApi } from '../../src/client/features/accuracy';
import {
  accuracyPollInterval,
  accuracyRunDuration,
  awaitedBacktest,
  awaitedBacktestOutcome,
  runCountsText,
} from '../../src/client/features/admin-settings/accuracy-admin-text';
import { AccuracySection } from '../../src/client/features/admin-settings/accuracy-section';
import { ADMIN_SECTIONS } from '../../src/client/features/admin-settings/admin-settings-page';
import type { AccuracyRun, AccuracyStatus } from '../../src/shared/schemas/accuracy';
import { byButton, callsTo, findButton, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const admin = makeUser({ role: 'Admin', roleName: 'Admin' });
const STATUS_PATH = '/api/v1/admin/accuracy';
const RUN_PATH = '/api/v1/admin/accuracy/run';

/** An instant in the test machine's own time zone, so the expected text does not depend on it. */
const local = (y: number, month: number, d: number, h: number, m: number, s = 0) =>
  new Date(y, month - 1, d, h, m, s).toISOString();

const run = (overrides: Partial<AccuracyRun> = {}): AccuracyRun => ({
  id: 4,
  trigger: 'schedule',
  status: 'succeeded',
  startedAt: local(2026, 11, 27, 3, 0),
  finishedAt: local(2026, 11, 27, 3, 0, 42),
  durationMs: 42_000,
  error: null,
  salesTested: 4_888,
  salesEstimated: 2_584,
  leasesTested: 1_352,
  leasesEstimated: 844,
  ...overrides,
});

const START = run({
  id: 3,
  trigger: 'start',
  startedAt: local(2026, 11, 26, 9, 0),
  finishedAt: local(2026, 11, 26, 9, 1, 12),
  durationMs: 72_000,
});

const NEVER: AccuracyStatus = { state: 'never', lastSuccess: null, nextScheduledAt: local(2026, 11, 28, 3, 0), runs: [] };
const IDLE: AccuracyStatus = { ...NEVER, state: 'idle', lastSuccess: run(), runs: [run(), START] };

const ok = (status: AccuracyStatus) => [200, { data: status }] as [number, unknown];

const open = () => renderSignedIn(<AccuracySection />, { path: '/app/adminSettings/accuracy', user: admin });
const state = () => screen.getByRole('status', { name: 'Backtest state' });
const details = (label: string) =>
  (screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling as HTMLElement).textContent;
const runRows = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.dm-table tbody tr.ant-table-row')).map((row) =>
    Array.from(row.querySelectorAll('td')).map((td) => td.textContent),
  );

describe('the admin Accuracy section', () => {
  it('is in the side menu after the listing feed', () => {
    const paths = ADMIN_SECTIONS.map((s) => s.path);
    expect(paths.indexOf('accuracy')).toBe(paths.indexOf('listing-feed') + 1);
    expect(ADMIN_SECTIONS.find((s) => s.path === 'accuracy')?.label).toBe('Accuracy');
  });

  it('says the backtest has not run yet, and offers Run now', async () => {
    mockApi({ [`GET ${STATUS_PATH}`]: ok(NEVER) });
    open();
    expect(await screen.findByText('Not run yet', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(state()).toHaveTextContent('The backtest has not run yet: it runs once the listings are loaded, then every night.');
    expect(details('Last successful run')).toBe('Never');
    expect(details('Next nightly run')).toBe('Nov 28, 2026 3:00 AM');
    expect(screen.getByText('No runs yet')).toBeInTheDocument();
    expect(byButton('Run now')).toBeEnabled();
  });

  it('shows the last success, how long it took, its counts, the next nightly run and the last runs', async () => {
    mockApi({ [`GET ${STATUS_PATH}`]: ok(IDLE) });
    open();
    expect(await screen.findByText('Idle', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(details('Last successful run')).toBe('Nov 27, 2026 3:00 AM');
    expect(details('It took')).toBe('42 s');
    expect(details('Sales estimated')).toBe('2,584 of 4,888');
    expect(details('Leases estimated')).toBe('844 of 1,352');
    expect(details('Next nightly run')).toBe('Nov 28, 2026 3:00 AM');
    expect(screen.getByRole('link', { name: 'The public Accuracy page' })).toHaveAttribute('href', '/accuracy');
    expect(Array.from(document.querySelectorAll('.dm-table thead th')).map((th) => th.textContent)).toEqual([
      'Started',
      'Trigger',
      'Status',
      'Sales estimated',
      'Leases estimated',
      'Duration',
      'Error',
    ]);
    expect(runRows()).toEqual([
      ['Nov 27, 2026 3:00 AM', 'Nightly', 'Succeeded', '2,584 of 4,888', '844 of 1,352', '42 s', '—'],
      ['Nov 26, 2026 9:00 AM', 'Server start', 'Succeeded', '2,584 of 4,888', '844 of 1,352', '1 min 12 s', '—'],
    ]);
  });

  it('says since when the backtest fails, and why', async () => {
    const error = 'The backtest failed: relation "sold_comps" does not exist';
    const failed = run({
      id: 5,
      trigger: 'data',
      status: 'failed',
      error,
      finishedAt: local(2026, 11, 27, 14, 2),
      salesTested: null,
      salesEstimated: null,
      leasesTested: null,
      leasesEstimated: null,
      durationMs: 2_000,
    });
    mockApi({ [`GET ${STATUS_PATH}`]: ok({ ...IDLE, state: 'failing', runs: [failed, ...IDLE.runs] }) });
    open();
    expect(await screen.findByText('Failing', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(state()).toHaveTextContent('Failing since Nov 27, 2026 2:02 PM');
    expect(screen.getByRole('alert')).toHaveTextContent(`The last run failed: ${error}`);
    expect(screen.getByRole('alert')).toHaveTextContent('It is tried again an hour later');
    expect(runRows()[0]).toEqual(['Nov 27, 2026 3:00 AM', 'New sales or leases', 'Failed', '—', '—', '2 s', error]);
  });

  it('Run now: starts a run, disables itself while it goes, says how it went and refreshes the accuracy figures', async () => {
    const going = run({
      id: 5,
      trigger: 'admin',
      status: 'running',
      finishedAt: null,
      durationMs: null,
      salesTested: null,
      salesEstimated: null,
      leasesTested: null,
      leasesEstimated: null,
    });
    const running: AccuracyStatus = { ...IDLE, state: 'running', runs: [going, ...IDLE.runs] };
    const done: AccuracyStatus = {
      ...IDLE,
      lastSuccess: run({ id: 5, trigger: 'admin', durationMs: 31_000 }),
      runs: [run({ id: 5, trigger: 'admin', durationMs: 31_000 }), ...IDLE.runs],
    };
    let started = false;
    let polls = 0;
    const sent = mockApi({
      [`GET ${STATUS_PATH}`]: () => {
        if (!started) return ok(IDLE);
        polls += 1;
        return ok(polls < 2 ? running : done);
      },
      [`POST ${RUN_PATH}`]: () => {
        started = true;
        // The run is not under way yet when the answer comes: the section waits for the first newer run.
        return [202, { data: { started: true, status: IDLE } }];
      },
      'GET /api/v1/accuracy': [200, { data: { run: null, all: { value: null, rent: null }, markets: [] } }],
    });
    const { store } = open();
    void store.dispatch(accuracyApi.endpoints.accuracyOverview.initiate());
    await waitFor(() => expect(callsTo(sent, 'GET', '/api/v1/accuracy')).toHaveLength(1));

    fireEvent.click(await findButton('Run now'));
    expect(await screen.findByText('Backtest started')).toBeInTheDocument();
    await waitFor(() => expect(byButton('Run now')).toBeDisabled());
    await waitFor(() => expect(state()).toHaveTextContent('Running since Nov 27, 2026 3:00 AM'), { timeout: 10_000 });
    expect(runRows()[0].slice(1, 3)).toEqual(['Run now', 'Running']);
    expect(
      await screen.findByText('Backtest finished in 31 s. Estimated 2,584 of 4,888 sales and 844 of 1,352 leases.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(byButton('Run now')).toBeEnabled());
    expect(callsTo(sent, 'POST', RUN_PATH)).toHaveLength(1);
    // The figures the pages read are asked again.
    await waitFor(() => expect(callsTo(sent, 'GET', '/api/v1/accuracy')).toHaveLength(2));
  });

  it('Run now while a run goes: follows that run, and says when it failed', async () => {
    const going = run({ id: 6, trigger: 'data', status: 'running', finishedAt: null, durationMs: null });
    let asked = false;
    mockApi({
      [`GET ${STATUS_PATH}`]: () =>
        ok(
          asked
            ? {
                ...IDLE,
                state: 'failing',
                runs: [
                  { ...going, status: 'failed', finishedAt: local(2026, 11, 27, 3, 1), error: 'out of memory' },
                  ...IDLE.runs,
                ],
              }
            : IDLE,
        ),
      [`POST ${RUN_PATH}`]: () => {
        asked = true;
        return [202, { data: { started: false, status: { ...IDLE, state: 'running', runs: [going, ...IDLE.runs] } } }];
      },
    });
    open();
    fireEvent.click(await findButton('Run now'));
    expect(await screen.findByText('A backtest is already running: following it')).toBeInTheDocument();
    expect(await screen.findByText('The backtest failed: out of memory', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("shows the server's message when the run is refused", async () => {
    mockApi({
      [`GET ${STATUS_PATH}`]: ok(IDLE),
      [`POST ${RUN_PATH}`]: [403, { error: { code: 'FORBIDDEN', message: 'Admins only' } }],
    });
    open();
    fireEvent.click(await findButton('Run now'));
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });
});

describe('the Accuracy section in words', () => {
  it('says durations, counts and how often to ask', () => {
    expect(accuracyRunDuration(run())).toBe('42 s');
    expect(accuracyRunDuration(run({ status: 'running', finishedAt: null, durationMs: null }))).toBe('Running');
    expect(accuracyRunDuration(run({ status: 'failed', finishedAt: null, durationMs: null }))).toBe('Interrupted');
    expect(accuracyRunDuration(run({ durationMs: null }))).toBe('42 s');
    expect(runCountsText(run({ salesTested: null, salesEstimated: null }))).toBe('Estimated — sales and 844 of 1,352 leases.');
    expect(accuracyPollInterval({ state: 'running' }, false)).toBe(2000);
    expect(accuracyPollInterval({ state: 'idle' }, true)).toBe(2000);
    expect(accuracyPollInterval({ state: 'idle' }, false)).toBe(30_000);
  });

  it('awaits the run Run now started, or the one under way', () => {
    const going = run({ id: 9, status: 'running', finishedAt: null });
    expect(awaitedBacktest({ started: true, status: IDLE }, 4)).toEqual({ after: 4 });
    expect(awaitedBacktest({ started: true, status: { ...IDLE, state: 'running', runs: [going] } }, 4)).toEqual({ id: 9 });
    expect(awaitedBacktest({ started: false, status: { ...IDLE, state: 'running', runs: [going] } }, 9)).toEqual({ id: 9 });
    expect(awaitedBacktestOutcome({ after: 4 }, IDLE)).toBeNull();
    expect(awaitedBacktestOutcome({ id: 9 }, { ...IDLE, runs: [going] })).toBeNull();
    expect(awaitedBacktestOutcome({ id: 9 }, { ...IDLE, runs: [{ ...going, status: 'failed', error: null }] })).toEqual({
      ok: false,
      message: 'The backtest failed: no reason was recorded',
    });
  });
});
