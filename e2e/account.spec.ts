/**
 * The account page: a fresh user changes their details and their
 * password, then signs in again with the new email and password.
 */
import { expect, test } from '@playwright/test';
import { signIn, signOut } from './helpers';
import { signUp } from './investor-helpers';
import { USERS, uniqueEmail } from './users';

test('update the user details and change the password, then sign in with the new ones', async ({ page }) => {
  const email = uniqueEmail('account');
  const newEmail = uniqueEmail('renamed');
  await signUp(page, email, 'first-password-1');
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/account$/);
  const details = page.locator('form#user-details');
  const password = page.locator('form#change-password');
  await expect(details.getByLabel('Username/email')).toHaveValue(email);

  // The form's rules: nothing is sent while a field is wrong.
  await details.getByLabel('First name').fill('');
  await details.getByLabel('Username/email').fill('not-an-email');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('First name is required')).toBeVisible();
  await expect(details.getByText('Last name is required')).toBeVisible();
  await expect(details.getByText('Username/email is not a valid email')).toBeVisible();

  // Another user's email is refused with the server's message.
  await details.getByLabel('First name').fill('Grace');
  await details.getByLabel('Last name').fill('Hopper');
  await details.getByLabel('Username/email').fill(USERS.investor.email);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('An account with this email already exists')).toBeVisible();

  await details.getByLabel('Username/email').fill(newEmail);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('User details updated successfully.')).toBeVisible();
  // The header follows: the avatar's initials and the user menu's name and email.
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('GH');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Grace Hopper');
  await expect(page.getByRole('menu')).toContainText(newEmail);
  await page.keyboard.press('Escape');

  // A wrong current password is refused on its field; then the change goes through.
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Current password is required')).toBeVisible();
  await expect(password.getByText('New password is required')).toBeVisible();
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password').fill('second-password-2');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Current password is incorrect')).toBeVisible();
  await password.getByLabel('Current password').fill('first-password-1');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');

  // This session stays signed in after the change.
  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Grace');

  await signOut(page);
  await signIn(page, { email, password: 'first-password-1' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, { email: newEmail, password: 'first-password-1' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, { email: newEmail, password: 'second-password-2' });
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByText('Welcome back, Grace.')).toBeVisible();
});
