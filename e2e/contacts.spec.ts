/**
 * Contacts (Agents only): an Agent adds, finds, edits and deletes a contact linked
 * to a property; an Investor has no Contacts link and the URL shows a refusal.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { sessionToken } from './investor-helpers';
import { USERS } from './users';

const stamp = Date.now().toString(36);

test('an Agent adds a contact linked to a property, finds it, edits it and deletes it', async ({ page }) => {
  const name = `Grace Hopper ${stamp}`;
  await signIn(page, USERS.agent);
  await expect(page).toHaveURL(/\/app\/?$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add Contact' });
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`grace-${stamp}@example.com`);
  await dialog.getByLabel('Phone').fill('(512) 555-0100');
  await dialog.getByLabel('Notes').fill('Looking for a duplex to BRRRR');
  await dialog.getByLabel('Linked properties').fill('Austin');
  const option = page.locator('.ant-select-item-option').first();
  await expect(option).toBeVisible();
  const address = (await option.locator('.dm-property-option').evaluate((el) => el.firstChild?.textContent ?? '')).trim();
  expect(address).toMatch(/Austin, TX \d{5}$/);
  await option.click();
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(page.getByText('Contact created successfully')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: address })).toHaveAttribute('href', /^\/app\/property\/[0-9a-f-]{36}$/);

  // The search finds it by the digits of the phone number.
  await page.getByLabel('Search contacts').fill('512 555 0100');
  await expect(row).toBeVisible();
  await page.getByLabel('Search contacts').fill(`nobody-${stamp}`);
  await expect(page.getByText(`No contacts match “nobody-${stamp}”.`)).toBeVisible();
  await page.getByLabel('Search contacts').fill(stamp);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog').filter({ hasText: 'Edit Contact' });
  await expect(edit.getByText(address)).toBeVisible();
  await edit.getByLabel('Notes').fill('Bought the duplex');
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(row).toContainText('Bought the duplex');

  // The linked address opens the property page.
  const href = await row.getByRole('link', { name: address }).getAttribute('href');
  await row.getByRole('link', { name: address }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.goBack();

  await page.getByLabel('Search contacts').fill(stamp);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').filter({ hasText: 'Delete Contact' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an Investor has no Contacts link, and the URL shows a refusal', async ({ page }) => {
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app\/?$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveCount(0);

  await page.goto('/app/contacts');
  await expect(page.getByText('Contacts are for agents')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/contacts$/);
  await expect(page.getByRole('button', { name: 'Add Contact' })).toHaveCount(0);
  // The server refuses too, whatever the client shows.
  const response = await page.request.get('/api/v1/auth/contacts', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.status()).toBe(403);
});
