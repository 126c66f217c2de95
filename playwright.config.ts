import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against `npm start`
 * itself, on a fresh embedded database, so the README's command is what gets tested.
 */
// E2E_PORT lets two work trees run their end-to-end suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ADMIN = { email: 'admin@waymark.test', password: 'e2e-admin-password' };
const baseURL = `http://localhost:${E2E_PORT}`;
// One data directory per port: two suites side by side never clear each other's database.
const DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/playwright-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Whole flows (several accounts, argon2 hashing) on 2 shared cores: generous, never hit when healthy.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // page.route does not see what a service worker answers: the specs run without one, and
    // tests/e2e/offline.spec.ts opts in (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node node_modules/tsx/dist/cli.mjs scripts/start.ts`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every e2e browser signs in from 127.0.0.1; the limits themselves have API tests.
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_SIGN_IN_UNKNOWN_DEVICE: '1000',
      RATE_LIMIT_SIGN_UP: '1000',
      RATE_LIMIT_INVITATIONS: '1000',
      RATE_LIMIT_UPLOADS: '1000',
      RATE_LIMIT_SHARED_LINKS: '1000',
      RATE_LIMIT_PASSWORD_RESET: '1000',
      RATE_LIMIT_PASSWORD_RESET_ACCOUNT: '1000',
      // Per account: one two-factor flow checks more codes than a person signing in would.
      RATE_LIMIT_TWO_FACTOR: '1000',
      // Notification e-mails reach the Outbox within a second (ADR 091).
      JOBS_POLL_INTERVAL_MS: '500',
      // Playwright's request client reuses an idle socket and does not retry when the server
      // closes it at that same instant (read ECONNRESET); browsers do retry. The timeout itself
      // has API tests.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
    },
  },
});
