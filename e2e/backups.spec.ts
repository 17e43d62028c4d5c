/**
 * Admin Settings → Backups (issue 41) against the real server (e2e/start-server.sh: PGlite, no
 * BACKUP_EVERY_HOURS): at desktop size the section says no schedule is set and what to set, "Back
 * up now" writes a backup that shows as verified; on a phone the backups are cards (a status with a
 * schedule, a failure and three backups answered by the test), nothing scrolls sideways. Axe finds no
 * serious violation at either size. SCREENSHOT_DIR set: each size is saved as a picture there.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, seriousViolations } from './helpers';
import { USERS } from './users';

const SECTION = '/app/adminSettings/backups';

async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${width}.png` });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector('.dm-app-main');
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      panelScrollWidth: panel?.scrollWidth ?? 0,
      panelWidth: panel?.clientWidth ?? 0,
    };
  });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
  expect(overflow.panelScrollWidth).toBeLessThanOrEqual(overflow.panelWidth);
}

const backup = (day: number, trigger: string, problem: string | null = null) => ({
  name: `dealmap-2026-11-${day}T03-00-00Z.pglite.tar.gz`,
  kind: 'pglite',
  trigger,
  createdAt: `2026-11-${day}T03:00:00.000Z`,
  sizeBytes: 41_943_040 + day * 1024,
  sha256: 'ab'.repeat(32),
  migration: '0043-portfolio',
  durationMs: 4500,
  verified: problem === null,
  problem,
});

/** A BackupStatus (src/shared/schemas/backups.ts) of a daily schedule whose last run failed. */
const SCHEDULED = {
  kind: 'pglite',
  dir: '/var/lib/dealmap/backups',
  everyHours: 24,
  keep: 7,
  running: false,
  nextAt: '2026-11-30T03:00:00.000Z',
  lastFailure: { at: '2026-11-29T03:00:05.000Z', trigger: 'schedule', error: 'No space left on device (BACKUP_DIR is full)' },
  backups: [backup(28, 'schedule'), backup(27, 'admin'), backup(26, 'command', 'The file is missing')],
};

test.describe('the Backups section at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('says no schedule is set, and "Back up now" writes a backup that shows verified', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, USERS.admin);
    await expect(page).toHaveURL(/\/app\/?$/);
    await page.goto('/app/adminSettings/rates');
    await page.getByRole('menu', { name: 'Admin sections' }).getByRole('link', { name: 'Backups' }).click();
    await expect(page).toHaveURL(/\/app\/adminSettings\/backups$/);
    const section = page.getByTestId('admin-backups');
    await expect(section.getByRole('heading', { name: 'Backups', level: 3 })).toBeVisible({ timeout: 20_000 });
    await expect(section).toContainText('The server takes no backups on its own.');
    await expect(section.locator('code').filter({ hasText: /^BACKUP_EVERY_HOURS$/ })).toBeVisible();

    const rows = section.getByRole('table', { name: 'Newest backups' }).locator('tbody tr.ant-table-row');
    const before = await rows.count();
    await section.getByRole('button', { name: 'Back up now' }).click();
    await expect(rows).toHaveCount(before + 1, { timeout: 90_000 });
    const newest = rows.first();
    await expect(newest).toContainText('Back up now');
    await expect(newest).toContainText('PGlite data directory');
    await expect(newest.getByText('Verified', { exact: true })).toBeVisible();

    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'backups');
  });
});

test.describe('the Backups section at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a schedule, a failure and the backups as cards read well and pass axe (the status answered by the test)', async ({
    page,
  }) => {
    await page.route('**/api/v1/admin/backups', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: SCHEDULED }) })
        : route.continue(),
    );
    await signIn(page, USERS.admin);
    await expect(page).toHaveURL(/\/app\/?$/);
    await page.goto(SECTION);
    const section = page.getByTestId('admin-backups');
    await expect(section.getByRole('heading', { name: 'Backups', level: 3 })).toBeVisible({ timeout: 20_000 });
    await expect(section).toContainText('No space left on device (BACKUP_DIR is full)');
    const cards = section.getByRole('list', { name: 'Newest backups' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('Verified');
    await expect(cards.nth(2)).toContainText('The file is missing');
    await expect(section.getByRole('button', { name: 'Back up now' })).toBeVisible();

    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await picture(page, 'backups');
  });
});
