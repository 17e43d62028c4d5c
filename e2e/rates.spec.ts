/**
 * The admin Rates screen against the real server: the seeded rate (Nov 20, 2025) is out of date on
 * the dashboard and the property page; an Admin adds a rate, imports a PMMS history file (a preview
 * with a line error first, then a clean one), sees the re-pricing finish, and the notes follow the
 * newest week. The rates it added are deleted at the end, so the other specs see the seed again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sessionToken, signIn } from './helpers';
import { anyAustinPropertyId } from './investor-helpers';
import { USERS } from './users';

const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });

function csvFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-rates-')), name);
  fs.writeFileSync(file, text);
  return file;
}

test.afterEach(async ({ page }) => {
  // Put the seed back as the latest rate: delete every rate this spec added (weeks after Nov 20, 2025).
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const list = await page.request.get('/api/v1/admin/rates?pageSize=200', { headers });
  const { items } = ((await list.json()) as { data: { items: Array<{ _id: string; asOf: string }> } }).data;
  for (const rate of items.filter((r) => r.asOf > '2025-11-20')) {
    expect((await page.request.delete(`/api/v1/admin/rate/${rate._id}`, { headers })).status()).toBe(204);
  }
});

test('an Admin adds a rate and imports a PMMS file with a preview; the out-of-date note follows the newest week', async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByText('Rates last updated Nov 20, 2025 — out of date')).toBeVisible();

  // Add a rate.
  await page.goto('/app/adminSettings/rates');
  await expect(page.getByRole('heading', { name: 'Rates' })).toBeVisible();
  await expect(page.getByText(/No rates feed is set/)).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  let form = dialog(page, 'Add New Rate');
  await form.getByRole('button', { name: 'Create Rate' }).click();
  await expect(form.getByText('Rate is required')).toBeVisible();
  await form.getByLabel('Rate (%)').fill('6.4');
  await form.getByLabel('As of (survey week)').fill('2025-12-04');
  await form.getByLabel('Source').fill('Freddie Mac PMMS');
  await form.getByRole('button', { name: 'Create Rate' }).click();
  await expect(page.getByText('Rate created successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit 30-Year Fixed, Dec 4, 2025' })).toBeVisible();
  // The new latest 30-year rate re-prices every listing in the background.
  await expect(page.getByText(/Every listing is priced at the latest 30-year rate/)).toBeVisible({ timeout: 30_000 });

  // The same week again is refused with a message.
  await page.getByRole('button', { name: 'Add New' }).click();
  form = dialog(page, 'Add New Rate');
  await form.getByLabel('Rate (%)').fill('6.5');
  await form.getByLabel('As of (survey week)').fill('2025-12-04');
  await form.getByRole('button', { name: 'Create Rate' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'A 30-Year Fixed rate for the week of Dec 4, 2025 already exists: edit that one instead',
  );
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Import a PMMS history: a line with an error first, then the fixed file.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = dialog(page, 'Import Rates from CSV');
  await importer
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile('pmms-bad.csv', 'date,pmms30,pmms30p,pmms15,pmms15p\n2025-12-11,6.35,0.6,5.6,0.6\nnext week,6.3,0.6,5.5,0.6\n'),
    );
  await expect(importer.getByText('Line 3: Not a date: "next week"')).toBeVisible();
  await expect(importer.getByRole('button', { name: 'Import 2 rates' })).toBeDisabled();
  await importer
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile('pmms.csv', 'date,pmms30,pmms30p,pmms15,pmms15p\n2025-12-04,6.4,0.6,5.6,0.6\n2025-12-11,6.35,0.6,5.6,0.6\n'),
    );
  await expect(importer.getByRole('cell', { name: 'Dec 11, 2025' })).toBeVisible();
  await expect(importer.getByText('3 new')).toBeVisible();
  await importer.getByRole('button', { name: 'Import 3 rates' }).click();
  await expect(page.getByText('Imported 3 rates')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit 30-Year Fixed, Dec 11, 2025' })).toBeVisible();
  await expect(page.getByText(/Every listing is priced at the latest 30-year rate/)).toBeVisible({ timeout: 30_000 });

  // The dashboard and the property page say the rates are out of date, as of the newest week.
  await page.goto('/app');
  await expect(page.getByText('Rates last updated Dec 11, 2025 — out of date')).toBeVisible();
  await page.goto(`/app/property/${await anyAustinPropertyId(page)}`);
  await expect(
    page.getByText(/Latest 30-Year Fixed: 6\.35% \(2025-12-11\)\. Rates last updated Dec 11, 2025 — out of date/),
  ).toBeVisible();
});
