import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import areas from './web/catalog-areas.json' with { type: 'json' }

/**
 * The web's texts for portal screens: web/src/routes/_portal and the components only they use
 * (web/catalog-areas.json): whole folders, and single files of folders guest pages use too (the
 * admin's finance screens beside the descriptions a receipt shows, the transaction screens beside
 * the checkout).
 * `.dependency-cruiser.mjs` (rule portal-messages-stay-in-portal) keeps everything else from
 * importing these components, so a guest page never needs this catalog.
 */
const portalArea = [
  ...areas.portalDirs.map((dir) => `<rootDir>/web/src/components/${dir}`),
  ...areas.portalFiles.map((file) => `<rootDir>/${file}`),
]
/** The help pages' questions and answers, loaded by the `/help` route alone. */
const helpArea = areas.helpFiles.map((file) => `<rootDir>/${file}`)
/** The sandbox provider's payment and onboarding pages (a test provider's, not Cardpay's screens). */
const sandboxArea = areas.sandboxDirs.map((dir) => `<rootDir>/${dir}`)
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**']

/**
 * One configuration, five catalogs per language: four for the web and one for the e-mails. The
 * web's are split by area so that a guest page (checkout, pay, food, sign-in) downloads only the
 * texts it can show (lib/i18n.ts loads the others when a portal screen, the help page or a sandbox
 * provider page opens).
 * Dutch is the default language, English the fallback for anything missing; every catalog must be
 * complete (a test checks it).
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
      exclude: [...portalArea, '<rootDir>/web/src/routes/_portal', ...helpArea, ...sandboxArea, ...tests],
    },
    {
      path: '<rootDir>/web/src/locales/{locale}/portal',
      include: [...portalArea, '<rootDir>/web/src/routes/_portal'],
      exclude: tests,
    },
    {
      path: '<rootDir>/web/src/locales/{locale}/help',
      include: helpArea,
    },
    {
      path: '<rootDir>/web/src/locales/{locale}/sandbox',
      include: sandboxArea,
      exclude: tests,
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
