import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Prefer the system Chromium (Debian's package); fall back to Playwright's own browser. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(__dirname, '..', 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' } },
    // Phones (issue 15): the pages and the map's sheets at 390×844 and 360×740.
    ...[
      { width: 390, height: 844 },
      { width: 360, height: 740 },
    ].map((viewport) => ({
      name: `phone-${viewport.width}`,
      testMatch: ['pages.spec.ts', 'phone.spec.ts'],
      use: { browserName: 'chromium' as const, viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    })),
  ],
  webServer: {
    command: `bash ${path.join(__dirname, 'start-server.sh')}`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
