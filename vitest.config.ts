import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The web app's own `~/` imports (web/tsconfig.json paths), for its unit tests.
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'web/src') } },
  test: {
    include: [
      'modules/**/*.test.ts',
      'services/**/*.test.ts',
      'workers/**/*.test.ts',
      'tests/**/*.test.ts',
      'web/src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'tests/browser/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Each file gets its own database and Redis prefix, so files run in parallel safely.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
})
