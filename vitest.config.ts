import { defineConfig } from 'vitest/config'

export default defineConfig({
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
