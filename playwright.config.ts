import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests (tests/browser/*.spec.ts) in the system Chromium. Each portal is its own host
 * (`http://admin.localhost:PORT` and so on; Chromium resolves *.localhost to 127.0.0.1), so tests
 * build their URLs with `portalUrl()` from tests/browser/portals.ts rather than one baseURL.
 *
 * The server is the whole platform as `npm start` runs it (scripts/launch.ts: API, worker, web
 * build, mail capture), on E2E_PORT with its own data folder. With DATABASE_URL set (the test
 * command sets it) it uses database `cardpay_e2e` on that server, else an embedded PostgreSQL.
 * E2E_REUSE_SERVER=1 tests an already running server instead. E2E_DATABASE and E2E_REDIS_PREFIX
 * give a run its own database and queues, so two runs on one machine do not share them.
 */
const port = Number(process.env.E2E_PORT ?? 3199)

function e2eDatabase(url: string | undefined): Record<string, string> {
  if (!url) return {}
  const u = new URL(url)
  u.pathname = `/${process.env.E2E_DATABASE ?? 'cardpay_e2e'}`
  return { DATABASE_URL: u.toString() }
}

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/browser',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    // A fixed browser language keeps the expected texts stable; tests that need another set it.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], locale: 'en-US' } }],
  webServer: {
    command: 'node scripts/launch.ts',
    url: `http://127.0.0.1:${port}/api/v1/ready`,
    env: {
      PORT: String(port),
      DATA_DIR: '.data/e2e',
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX ?? 'e2e',
      // Info-level logs go to a file that the test command scans for card data afterwards.
      LOG_LEVEL: 'info',
      LOG_FILE: '.data/e2e/platform.log',
      // Every browser test pays from 127.0.0.1: the per-address limit would count them all.
      PAY_LIMIT_PER_ADDRESS: '1000',
      PAY_LIMIT_PER_DEVICE: '1000',
      ...e2eDatabase(process.env.DATABASE_URL),
    },
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
