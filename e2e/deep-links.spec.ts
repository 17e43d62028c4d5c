/**
 * Every protected route, opened signed out, goes to sign-in, and signing in returns to it (issue 15).
 */
import { expect, test } from '@playwright/test';
import { USERS } from './users';

const ROUTES: Array<{ path: string; user: keyof typeof USERS; shows: RegExp | string }> = [
  { path: '/app', user: 'investor', shows: 'Dashboard' },
  { path: '/app/account', user: 'investor', shows: 'Account' },
  { path: '/app/help', user: 'investor', shows: 'Help' },
  { path: '/app/profile/strategies', user: 'investor', shows: 'Profile' },
  { path: '/app/search?place=Austin', user: 'investor', shows: 'Search' },
  { path: '/app/contacts', user: 'agent', shows: 'Contacts' },
  { path: '/app/adminSettings/users', user: 'admin', shows: 'Admin Settings' },
];

for (const route of ROUTES) {
  test(`signed out, ${route.path} → sign-in → back to ${route.path}`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(route.path)}`);
    await page.getByLabel('Email').fill(USERS[route.user].email);
    await page.getByLabel('Password').fill(USERS[route.user].password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(route.path);
    await expect(page.getByRole('heading', { name: route.shows, level: 2 }).first()).toBeAttached();
  });
}
