import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import areas from './web/catalog-areas.json' with { type: 'json' }

const tests = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**']

/**
 * The web's catalog areas (web/catalog-areas.json): each area's files (folders or single files)
 * have their texts in a catalog of their own (`<area>.po`), loaded by the routes that show them
 * (lib/i18n.ts, `loadCatalogArea`): the portal screens (the `_portal` layout route), the help
 * answers, the sandbox provider's pages, registration, and the support pages. Everything else is
 * the common catalog (`messages.po`), which every page loads. `.dependency-cruiser.mjs` keeps
 * other files from importing an area's files, so no page shows a text whose catalog it did not load.
 */
const areaPaths = Object.fromEntries(
  Object.entries(areas.areas).map(([area, { paths }]) => [area, paths.map((p) => `<rootDir>/${p}`)]),
)

/**
 * One configuration: per language the web's common catalog and one per area, and the e-mails'
 * catalog. The web's are split by area so that a guest page (checkout, pay, food, sign-in)
 * downloads only the texts it can show.
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
      exclude: [...Object.values(areaPaths).flat(), ...tests],
    },
    ...Object.entries(areaPaths).map(([area, include]) => ({
      path: `<rootDir>/web/src/locales/{locale}/${area}`,
      include,
      exclude: tests,
    })),
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
