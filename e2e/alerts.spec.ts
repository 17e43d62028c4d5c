/**
 * Deal alerts end to end (issue 28): an investor saves a search; `npm run import` — another process,
 * so on PGlite the server is stopped for it — brings a new listing in the view and a price cut of one
 * already there; the server, started again, matches them and tells the investor: the bell's count, the
 * notifications, one e-mail in the outbox with the listing and its unsubscribe link, and the popup a
 * notification opens. The spec runs a server of its own (e2e/private-server.ts) for the restarts.
 */
import { expect } from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from './fixtures/maps';
import { signIn } from './helpers';
import { privateServer } from './private-server';
import { USERS } from './users';

const port = Number(process.env.E2E_PORT ?? 3100) + 50;
const server = privateServer(port, 'alerts', { E2E_DEMO_LISTINGS: '600' });
const feedDir = path.join(server.dataDir, '..', '.e2e-data-alerts-feeds');

/** Two listings in a quiet corner of Austin's demo area, and the view the search watches around them. */
const SPOT = { lat: 30.2905, lng: -97.8105 };
const KEPT = { key: 'ALERT-E2E-KEPT', address: '101 ALERT TEST WAY' };
const ADDED = { key: 'ALERT-E2E-ADDED', address: '202 ALERT TEST WAY' };

function listing(key: string, address: string, price: number, dLat: number) {
  return {
    ListingKey: key,
    StandardStatus: 'Active',
    ListPrice: price,
    UnparsedAddress: address,
    City: 'Austin',
    StateOrProvince: 'TX',
    PostalCode: '78746',
    Latitude: SPOT.lat + dLat,
    Longitude: SPOT.lng,
    BedroomsTotal: 3,
    BathroomsFull: 2,
    LivingArea: 1600,
    OnMarketDate: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
  };
}

/** Imports a JSON Lines feed with the CLI, the server stopped (PGlite's directory is one process's). */
async function importFeed(name: string, rows: object[]): Promise<void> {
  mkdirSync(feedDir, { recursive: true });
  const file = path.join(feedDir, `${name}.jsonl`);
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await server.stop();
  server.cli('import-listings', [file]);
  await server.start();
}

function outboxMails(): string[] {
  const outbox = path.join(server.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  // Folded header lines joined, quoted-printable soft breaks and escapes undone: the text as sent.
  return files.map((f) =>
    readFileSync(path.join(outbox, f), 'utf8')
      .replace(/\r?\n[ \t]+/g, ' ')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.url });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(feedDir, { recursive: true, force: true });
  await server.start();
  await importFeed('first', [listing(KEPT.key, KEPT.address, 420_000, 0)]);
});

test.afterAll(async () => {
  await server.stop();
});

test('a saved search hears of a new listing and a price cut: the bell, the e-mail and the popup', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.investor, `/app/search?lat=${SPOT.lat}&lng=${SPOT.lng}&zoom=15`);
  await expect(page.getByTestId('deal-map')).toBeVisible({ timeout: 30_000 });
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread', { timeout: 20_000 });

  const save = page.getByRole('button', { name: 'Save search' });
  await expect(save).toBeEnabled({ timeout: 20_000 });
  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByLabel('Name').fill('Alert test corner');
  await dialog.getByRole('radio', { name: /Instant/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved search created successfully')).toBeVisible();

  await importFeed('second', [listing(KEPT.key, KEPT.address, 399_000, 0), listing(ADDED.key, ADDED.address, 365_000, 0.001)]);

  // The server, started again, matches what the import changed; the bell polls (and asks on focus).
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 60_000 });
  await bell.click();
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(2);
  const added = items.filter({ hasText: ADDED.address });
  await expect(added).toContainText('New listing');
  await expect(added).toContainText('$365,000');
  await expect(added).toContainText('Saved search: Alert test corner');
  await expect(items.filter({ hasText: KEPT.address })).toContainText('Price cut $420,000 → $399,000');

  // Exactly one e-mail (instant alerts are batched), with both listings and both unsubscribe forms.
  const ours = () => outboxMails().filter((m) => /alert test way/i.test(m));
  await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(1);
  const mail = ours()[0];
  expect(mail).toMatch(/202 Alert Test Way[^]*New listing/i);
  expect(mail).toMatch(/101 Alert Test Way[^]*Price cut from \$420,000 to \$399,000/i);
  expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/v1\/alerts\/unsubscribe\?token=/m);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const unsubscribe = mail.match(/https?:\/\/[^\s"<>]+\/unsubscribe\?token=[A-Za-z0-9._~%-]+/)?.[0];
  expect(unsubscribe).toBeTruthy();

  // A notification opens its property's popup on the map, and is read.
  await added.click();
  await expect(page).toHaveURL(/property=/);
  await expect(page.getByRole('dialog').filter({ hasText: ADDED.address }).first()).toBeVisible({ timeout: 30_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });

  // The e-mail's visible link turns the search's alerts off once, then says it is done.
  await page.goto(unsubscribe!);
  await expect(page.getByText(/Alerts for .Alert test corner. are off/)).toBeVisible({ timeout: 20_000 });
  await page.goto(unsubscribe!);
  await expect(page.getByText(/Alerts for .Alert test corner. were already off/)).toBeVisible({ timeout: 20_000 });
});
