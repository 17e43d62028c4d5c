/**
 * Admin Settings → Backups: the schedule (or how to turn it on), the newest backups with their size,
 * kind and checksum, the last failure in words, and "Back up now" (a toast, polling until the backup
 * is written, its outcome); cards instead of a table on a phone.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ADMIN_SECTIONS } from '../../src/client/features/admin-settings/admin-settings-page';
import { BackupsSection } from '../../src/client/features/admin-settings/backups-section';
import {
  awaitedBackupOutcome,
  backupPollInterval,
  formatBytes,
  scheduleText,
} from '../../src/client/features/admin-settings/backups-text';
import type { BackupFile, BackupStatus } from '../../src/shared/schemas/backups';
import { byButton, callsTo, findButton, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const admin = makeUser({ role: 'Admin', roleName: 'Admin' });
const PATH = '/api/v1/admin/backups';

/** An instant in the test machine's own time zone, so the expected text does not depend on it. */
const local = (y: number, month: number, d: number, h: number, m: number) => new Date(y, month - 1, d, h, m).toISOString();

const SHA = 'a3f1c09e5b7d2f4e6a8c0b1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f';
const backup = (overrides: Partial<BackupFile> = {}): BackupFile => ({
  name: 'dealmap-2026-11-29T14-00-00Z.pglite.tar.gz',
  kind: 'pglite',
  trigger: 'schedule',
  createdAt: local(2026, 11, 29, 14, 0),
  sizeBytes: 5_319_680,
  sha256: SHA,
  migration: '0043-portfolio',
  durationMs: 1_250,
  verified: true,
  problem: null,
  ...overrides,
});

const OFF: BackupStatus = {
  kind: 'pglite',
  dir: '/srv/dealmap/data/backups',
  everyHours: 0,
  keep: 7,
  running: false,
  nextAt: null,
  lastFailure: null,
  backups: [],
};
const OLDER = backup({
  name: 'dealmap-2026-11-28T14-00-00Z.pglite.tar.gz',
  createdAt: local(2026, 11, 28, 14, 0),
  sizeBytes: 812,
  trigger: 'command',
  verified: false,
  problem: 'The file is 10 bytes, its manifest says 812: it was cut short or changed after it was written',
});
const DAILY: BackupStatus = {
  ...OFF,
  everyHours: 24,
  nextAt: local(2026, 11, 30, 14, 0),
  backups: [backup(), OLDER],
};

const ok = (status: BackupStatus) => [200, { data: status }] as [number, unknown];
const open = () => renderSignedIn(<BackupsSection />, { path: '/app/adminSettings/backups', user: admin });
const state = () => screen.getByRole('status', { name: 'Backups state' });
const details = (label: string) =>
  (screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling as HTMLElement).textContent;
const rows = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.dm-table tbody tr.ant-table-row')).map((row) =>
    Array.from(row.querySelectorAll('td')).map((td) => td.textContent),
  );

describe('the admin Backups section', () => {
  it('is in the side menu after Accuracy', () => {
    const paths = ADMIN_SECTIONS.map((s) => s.path);
    expect(paths.indexOf('backups')).toBe(paths.indexOf('accuracy') + 1);
    expect(ADMIN_SECTIONS.find((s) => s.path === 'backups')?.label).toBe('Backups');
  });

  it('says there is no schedule and how to turn it on, and offers Back up now', async () => {
    mockApi({ [`GET ${PATH}`]: ok(OFF) });
    open();
    expect(await screen.findByText('Not scheduled', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(state()).toHaveTextContent('No backup yet');
    expect(details('Schedule')).toBe('Off');
    expect(details('Next backup')).toBe('—');
    expect(details('Directory')).toBe('/srv/dealmap/data/backups');
    expect(screen.getByText(/The server takes no backups on its own/)).toBeInTheDocument();
    expect(screen.getByText('BACKUP_EVERY_HOURS').closest('li')).toHaveTextContent(
      'BACKUP_EVERY_HOURS: hours between backups, e.g. 24 for a daily one (0 or unset: none)',
    );
    expect(screen.getByText('No backups yet.')).toBeInTheDocument();
    expect(byButton('Back up now')).toBeEnabled();
  });

  it('shows the schedule and the newest backups with their size, kind, who took them and their checksum', async () => {
    mockApi({ [`GET ${PATH}`]: ok(DAILY) });
    open();
    expect(await screen.findByText('Scheduled', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(state()).toHaveTextContent('Newest backup: Nov 29, 2026 2:00 PM, 5.3 MB');
    expect(details('Schedule')).toBe('Every 24 hours');
    expect(details('Next backup')).toBe('Nov 30, 2026 2:00 PM');
    expect(details('Kept')).toBe('The newest 7');
    expect(details('Database')).toBe('PGlite data directory');
    expect(screen.queryByText(/The server takes no backups on its own/)).toBeNull();
    expect(Array.from(document.querySelectorAll('.dm-table thead th')).map((th) => th.textContent)).toEqual([
      'Taken',
      'Size',
      'Kind',
      'Taken by',
      'Checksum',
      'File',
    ]);
    expect(rows()).toEqual([
      [
        'Nov 29, 2026 2:00 PM',
        '5.3 MB',
        'PGlite data directory',
        'Schedule',
        'Verifieda3f1c09e5b7d…',
        'dealmap-2026-11-29T14-00-00Z.pglite.tar.gz',
      ],
      [
        'Nov 28, 2026 2:00 PM',
        '812 B',
        'PGlite data directory',
        'npm run backup',
        `${OLDER.problem}a3f1c09e5b7d…`,
        'dealmap-2026-11-28T14-00-00Z.pglite.tar.gz',
      ],
    ]);
    expect(screen.getAllByTitle(`SHA-256 ${SHA}`)).toHaveLength(2);
  });

  it('says why the last backup failed', async () => {
    const error = 'The backup failed: pg_dump failed: server version mismatch';
    mockApi({
      [`GET ${PATH}`]: ok({
        ...DAILY,
        kind: 'postgres',
        lastFailure: { at: local(2026, 11, 29, 20, 0), trigger: 'schedule', error },
      }),
    });
    open();
    expect(await screen.findByText('Failing', { selector: '.ant-tag' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(error);
    expect(alert).toHaveTextContent(
      'Nov 29, 2026 8:00 PM (Schedule). The backups already written are kept; the schedule tries again',
    );
    expect(details('Database')).toBe('PostgreSQL (pg_dump)');
  });

  it('Back up now: starts one, disables itself while it is written, and says how it went', async () => {
    const written = backup({
      name: 'dealmap-2026-11-29T15-00-00Z.pglite.tar.gz',
      trigger: 'admin',
      createdAt: local(2026, 11, 29, 15, 0),
    });
    let started = false;
    let polls = 0;
    const sent = mockApi({
      [`GET ${PATH}`]: () => {
        if (!started) return ok(DAILY);
        polls += 1;
        return ok(polls < 2 ? { ...DAILY, running: true } : { ...DAILY, backups: [written, ...DAILY.backups] });
      },
      [`POST ${PATH}`]: () => {
        started = true;
        return [202, { data: { started: true, status: { ...DAILY, running: true } } }];
      },
    });
    open();
    fireEvent.click(await findButton('Back up now'));
    expect(await screen.findByText('Backup started')).toBeInTheDocument();
    await waitFor(() => expect(byButton('Back up now')).toBeDisabled());
    expect(await screen.findByText('Writing', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(
      await screen.findByText('Backup written: dealmap-2026-11-29T15-00-00Z.pglite.tar.gz (5.3 MB)', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(byButton('Back up now')).toBeEnabled());
    expect(rows()[0][3]).toBe('Back up now');
    expect(callsTo(sent, 'POST', PATH)).toHaveLength(1);
  });

  it('Back up now that fails: says why', async () => {
    const error = 'The backup failed: BACKUP_DIR /srv/backups cannot be created: permission denied';
    let asked = false;
    mockApi({
      [`GET ${PATH}`]: () =>
        ok(asked ? { ...OFF, lastFailure: { at: local(2026, 11, 29, 15, 0), trigger: 'admin', error } } : OFF),
      [`POST ${PATH}`]: () => {
        asked = true;
        return [202, { data: { started: true, status: { ...OFF, running: true } } }];
      },
    });
    open();
    fireEvent.click(await findButton('Back up now'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(error), { timeout: 10_000 });
    // And the toast says it too.
    await waitFor(() => expect(screen.getAllByText(error).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(byButton('Back up now')).toBeEnabled());
  });

  it("shows the server's message when Back up now is refused", async () => {
    mockApi({
      [`GET ${PATH}`]: ok(OFF),
      [`POST ${PATH}`]: [403, { error: { code: 'FORBIDDEN', message: 'You do not have permission to do this.' } }],
    });
    open();
    fireEvent.click(await findButton('Back up now'));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it('lists the backups as cards on a phone, where the table would scroll sideways', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      mockApi({ [`GET ${PATH}`]: ok(DAILY) });
      open();
      const list = await screen.findByTestId('backup-cards');
      expect(list.querySelector('.ant-table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[0]).toHaveTextContent('Nov 29, 2026 2:00 PM');
      expect(cards[0]).toHaveTextContent('Size5.3 MB');
      expect(cards[1]).toHaveTextContent(OLDER.problem!);
      expect(byButton('Back up now')).toBeEnabled();
    } finally {
      window.innerWidth = width;
    }
  });
});

describe('the Backups section in words', () => {
  it('says sizes and schedules, and how often to ask', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(5_319_680)).toBe('5.3 MB');
    expect(formatBytes(123_456_789)).toBe('123 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
    expect(scheduleText(0)).toBe('Off');
    expect(scheduleText(1)).toBe('Every hour');
    expect(scheduleText(24)).toBe('Every 24 hours');
    expect(backupPollInterval({ running: true }, false)).toBe(2000);
    expect(backupPollInterval({ running: false }, true)).toBe(2000);
    expect(backupPollInterval({ running: false }, false)).toBe(60_000);
  });

  it('tells the awaited backup from the ones before it, and a new failure from an old one', () => {
    const failed = {
      ...DAILY,
      lastFailure: { at: local(2026, 11, 29, 15, 0), trigger: 'admin' as const, error: 'The backup failed: x' },
    };
    const before = { newestBefore: DAILY.backups[0].name, failureBefore: null };
    expect(awaitedBackupOutcome(before, { ...DAILY, running: true })).toBeNull();
    expect(awaitedBackupOutcome(before, DAILY)).toBeNull();
    expect(awaitedBackupOutcome(before, failed)).toEqual({ ok: false, message: 'The backup failed: x' });
    expect(awaitedBackupOutcome({ ...before, failureBefore: failed.lastFailure.at }, failed)).toBeNull();
  });
});
