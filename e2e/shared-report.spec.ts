/**
 * A shared report and the PDF (issue 40) against the real server: an investor downloads the analysis
 * as a PDF (its text read back), shares it, the link opens it for someone signed out (its PDF too) (axe clean at 1280 and 390 px), the owner sees the view
 * counted, revokes the link, and the link then says so. SCREENSHOT_DIR set: each step is saved.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/maps';
import { seriousViolations } from './helpers';
import { propertyWithEveryStrategy, signUp } from './investor-helpers';
import { uniqueEmail } from './users';

async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

test('an investor shares an analysis; the link opens it signed out, counts the view, and says when it was revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('share'), 'share-password-1');
  const property = await propertyWithEveryStrategy(page);
  await page.goto(`/app/property/${property._id}`);
  const title = await page.getByRole('heading', { level: 2 }).first().textContent();

  // The PDF: a real file with the address and the investor's figures, read back by pdftotext.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/-analysis\.pdf$/);
  const pdfPath = await pdf.path();
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain(title ?? '');
  expect(pdfText).toMatch(/Buy & Hold\s+-?[\d.]+%/);
  expect(pdfText).toContain('Comparable sales');
  if (process.env.SCREENSHOT_DIR) fs.copyFileSync(pdfPath, `${process.env.SCREENSHOT_DIR}/analysis.pdf`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this analysis' });
  await dialog.getByRole('combobox', { name: 'Link expires after' }).click();
  await page.getByTitle('30 days').click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]+$/);
  await expect(dialog.getByTestId('share-links').getByText('Active')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'share-dialog');

  // Someone without an account opens it.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const guest = await visitor.newPage();
  await guest.goto(link);
  const report = guest.getByTestId('shared-report');
  await expect(report.getByRole('heading', { level: 2 })).toHaveText(title ?? '');
  await expect(report.getByTestId('shared-by')).toContainText('Shared by');
  await expect(report.getByText('Cash-on-cash').first()).toBeVisible();
  expect(await seriousViolations(guest)).toEqual([]);
  await picture(guest, 'shared-report');
  const [sharedPdf] = await Promise.all([
    guest.waitForEvent('download'),
    guest.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(execFileSync('pdftotext', [await sharedPdf.path(), '-'], { encoding: 'utf8' })).toContain(title ?? '');
  await guest.setViewportSize({ width: 390, height: 844 });
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(guest)).toEqual([]);
  await picture(guest, 'shared-report');

  // The owner sees the view, and revokes the link.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const links = page.getByRole('dialog', { name: 'Share this analysis' }).getByTestId('share-links');
  await expect(links.getByText('1 view')).toBeVisible();
  await links.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
  await expect(links.getByText('Revoked')).toBeVisible();

  await guest.reload();
  await expect(guest.getByRole('alert')).toContainText('This link was revoked by the person who shared it');
  await picture(guest, 'shared-report-revoked');
  await visitor.close();
});
