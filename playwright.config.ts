import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests (tests/browser/*.spec.ts) in the system Chromium. Each portal is its own host
 * (`http://admin.localhost:PORT` and so on; Chromium resolves *.localhost to 127.0.0.1), so tests
 * build their URLs with `portalUrl()` from tests/browser/portals.ts rather than one baseURL.
 *
 * The web server builds the web app and serves it the way the API does in production
 * (tests/browser/serve-web.ts, no API yet). Set E2E_PORT to use another port, and
 * E2E_REUSE_SERVER=1 to test an already running server.
 */
const port = Number(process.env.E2E_PORT ?? 3199)

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
    command:
      'node node_modules/vite/bin/vite.js build --config web/vite.config.ts && node tests/browser/serve-web.ts',
    url: `http://127.0.0.1:${port}/version.json`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
