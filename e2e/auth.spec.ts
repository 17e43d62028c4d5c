import { expect, test } from '@playwright/test';
import { resetLinkFor, signIn, signOut } from './helpers';
import { USERS, uniqueEmail } from './users';

test('a visitor signs up and lands in the app, then logs out to the landing page', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByText('Create your account')).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('newcomer'));
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await signOut(page);
  await expect(page.getByText('Your Home. Your Wealth. Your Future.')).toBeVisible();
  // The session is gone: a protected page sends the visitor to sign in, and back there after.
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login\?from=%2Fapp%2Faccount$/);
});

test('the forms show the validation messages and send nothing', async ({ page }) => {
  let posted = false;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/api/v1/')) posted = true;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(posted).toBe(false);
});

test('a failed sign-in shows the server message', async ({ page }) => {
  await signIn(page, { email: USERS.investor.email, password: 'wrong-password' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('sign-in returns to the page named by ?from', async ({ page }) => {
  await signIn(page, USERS.investor, '/app/account');
  await expect(page).toHaveURL(/\/app\/account$/);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  // A visitor who already holds a session is sent on to the app.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/app\/?$/);
});

test('forgot password → the e-mailed link → a new password → sign in with it', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: /Forgot Password/i }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check Your Inbox')).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New Password').fill('second-password');
  await page.getByLabel('Confirm Password').fill('second-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // Wait for the reset to finish (signing in earlier would navigate away from the request).
  await expect(page.getByText('Password reset. Sign in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link is single use.
  await signIn(page, { email, password: 'first-password' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, { email, password: 'second-password' });
  await expect(page).toHaveURL(/\/app\/?$/);

  await page.goto(new URL(link).pathname);
  await expect(page.getByText("Hmmm...looks like something didn't work. We're on it!")).toBeVisible();
});

test('the theme choice survives a reload', async ({ page }) => {
  await signIn(page, USERS.investor);
  await expect(page).toHaveURL(/\/app\/?$/);
  const html = page.locator('html');
  const before = await html.getAttribute('data-theme');
  await page
    .getByRole('switch', { name: 'Toggle theme' })
    .or(page.getByRole('button', { name: 'Toggle theme' }))
    .click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-theme', after);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', after);
});

test('an Agent sees Contacts and an Investor does not', async ({ browser }) => {
  const agent = await browser.newPage();
  await signIn(agent, USERS.agent);
  await expect(agent.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await agent.close();

  const investor = await browser.newPage();
  await signIn(investor, USERS.investor);
  await expect(investor.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(investor.getByRole('link', { name: 'Search' })).toBeVisible();
  await expect(investor.getByRole('link', { name: 'Contacts' })).toHaveCount(0);
  await investor.close();
});

test('the landing search goes through sign-in to the map search for that place', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Enter city, state, or ZIP code').fill('Austin, TX');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.getByLabel('Email').fill(USERS.investor.email);
  await page.getByLabel('Password').fill(USERS.investor.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/search\?place=Austin/);
});

test('the app shell needs a session: signed out, a deep link goes to sign-in, which returns to it', async ({ page }) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login\?from=%2Fapp$/);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});
