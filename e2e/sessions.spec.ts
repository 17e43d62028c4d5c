/**
 * One session in two tabs (issue 14): the tabs share the stored session, a refresh is serialised
 * across them (Web Locks) and the tab that waited adopts the new pair, so a forced refresh in both
 * at once neither signs the user out nor revokes the session.
 */
import { expect, test, type Page } from '@playwright/test';
import { signOut } from './helpers';
import { signUp } from './investor-helpers';
import { uniqueEmail } from './users';

/** Replaces the stored access token with one the server refuses; the refresh token stays. */
async function staleAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('dealmap.session')!;
    const fields = JSON.parse(raw) as Record<string, string>;
    fields.token = JSON.stringify('stale.access.token');
    localStorage.setItem('dealmap.session', JSON.stringify(fields));
    return JSON.parse(fields.refreshToken) as string;
  });
}

const storedRefreshToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse((JSON.parse(localStorage.getItem('dealmap.session')!) as Record<string, string>).refreshToken) as string,
  );

test('two tabs of one browser both keep working across a refresh they need at the same moment', async ({ context }) => {
  const email = uniqueEmail('two-tabs');
  const first = await context.newPage();
  await signUp(first, email, 'two-tabs-password-1');
  const second = await context.newPage();
  for (const page of [first, second]) await page.goto('/app/account');
  for (const page of [first, second]) {
    await expect(page.locator('form#user-details').getByLabel('Username/email')).toHaveValue(email);
  }

  // Both tabs come back with an access token the server refuses and the same refresh token: each
  // meets a 401 at once and needs a refresh.
  const before = await staleAccessToken(first);
  await Promise.all([first.reload(), second.reload()]);
  for (const page of [first, second]) {
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.locator('form#user-details').getByLabel('Username/email')).toHaveValue(email);
  }
  // One refresh happened and both tabs hold its pair (stored a moment after the page shows: polled).
  await expect.poll(() => storedRefreshToken(first)).not.toBe(before);
  const after = await storedRefreshToken(first);
  await expect.poll(() => storedRefreshToken(second)).toBe(after);

  // The session was not revoked: both tabs go on, and a reload keeps them signed in.
  for (const page of [first, second]) {
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/app/account');
    await expect(page.locator('form#user-details').getByLabel('Username/email')).toHaveValue(email);
  }
});

test('signing out in one tab signs the other out too', async ({ context }) => {
  const first = await context.newPage();
  await signUp(first, uniqueEmail('two-tabs-out'), 'two-tabs-password-1');
  const second = await context.newPage();
  await second.goto('/app/account');
  await expect(second).toHaveURL(/\/app\/account$/);
  await signOut(first);
  await expect(second).toHaveURL(/\/$/);
});
