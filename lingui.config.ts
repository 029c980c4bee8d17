import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * One configuration, two catalogs: the web portals and the e-mails. Dutch is the default
 * language, English the fallback for anything missing; every catalog must be complete (a test
 * checks it).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'nl', 'de', 'ru', 'uk'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/web/src/locales/{locale}/messages',
      include: ['<rootDir>/web/src'],
    },
    {
      // Every module's e-mail templates live in `modules/<module>/mail/` and its documents (payment
      // receipts) in `modules/<module>/receipts/`; they share this server-side catalog.
      // `node modules/platform/mail/catalogs.ts extract|compile` runs extraction for it alone.
      path: '<rootDir>/modules/platform/mail/locales/{locale}/messages',
      include: ['<rootDir>/modules/*/mail/**/*.ts', '<rootDir>/modules/*/receipts/**/*.ts'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
  ],
})
