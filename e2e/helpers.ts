import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './users';

export async function signIn(page: Page, user: { email: string; password: string }, from?: string): Promise<void> {
  await page.goto(from ? `/login?from=${encodeURIComponent(from)}` : '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * User menu → Logout. On a busy machine a click can land while the dropdown is still animating
 * open and be lost, so the whole gesture is retried until the app is back at the root.
 */
export async function signOut(page: Page): Promise<void> {
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: 'Logout' }).isVisible())) {
      await page.getByRole('button', { name: 'User menu' }).click({ timeout: 3_000 });
    }
    await page.getByRole('menuitem', { name: 'Logout' }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Decodes the quoted-printable soft breaks and escapes a mail body may contain. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest password-reset link the server wrote to its outbox for this address. */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(DATA_DIR, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .sort();
        } catch {
          return undefined;
        }
        for (const file of files.reverse()) {
          const mail = decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8'));
          if (!mail.toLowerCase().includes(email.toLowerCase())) continue;
          link = mail.match(/https?:\/\/[^\s"<>]+\/passwordReset\/[A-Za-z0-9_-]+/)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `a reset e-mail for ${email} in ${outbox}` },
    )
    .toBeTruthy();
  return link!;
}

/** The bearer token the app stored: redux-persist keeps each field JSON-encoded inside the entry. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('dealmap.session');
    if (!raw) return null;
    const outer = JSON.parse(raw) as Record<string, string>;
    return outer.token ? (JSON.parse(outer.token) as string | null) : null;
  });
  if (!token) throw new Error('No session token in localStorage "dealmap.session"');
  return token;
}

/** Axe's serious and critical violations (WCAG 2.2 AA tags) on the page, or inside `include` only. */
export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}
