/**
 * Module boundaries, checked by `npm test` (step `deps`: `depcruise` over the server code, tests and
 * web app). See ../shared/ARCHITECTURE.md "How modules meet" and README "How a module plugs in".
 *
 * - modules/<name>/index.ts is a module's only public surface; modules/platform is the shared
 *   kernel everyone may import, and it imports no module.
 * - No import cycle runs through two modules: a lower module offers a declared extension point
 *   (`provides`/`needs` in its defineModule), it does not import the module above it.
 * - The web app imports from modules/ only the declared shared files: `modules/<name>/shared.ts`
 *   (pure values and zod schemas, no database, no Node built-ins) and the kernel's config.
 *
 * Type-only imports count: they couple modules as much as value imports do.
 */

import areas from './web/catalog-areas.json' with { type: 'json' }

/** A module's files other than its public surface. */
const internals = '^modules/[^/]+/(?!index\\.ts$).+'

/**
 * The web's catalog areas (web/catalog-areas.json, read by lingui.config.ts too): the portal-only
 * components (folders and single files), whose texts are in the portal catalog, and those of their
 * files that other areas may import because they have no texts (web/src/locales/catalogs.test.ts
 * checks that they stay so).
 */
const exactly = (file) => `^${file.replaceAll('.', '\\.')}$`
const PORTAL_AREA = [
  `^web/src/components/(${areas.portalDirs.join('|')})/`,
  ...areas.portalFiles.map(exactly),
]

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle-between-modules',
      comment:
        'An import cycle that passes through two modules: the lower module must offer an extension point (provides/needs in defineModule) instead of importing the higher one.',
      severity: 'error',
      from: { path: '^modules/([^/]+)/' },
      to: { circular: true, via: { pathNot: '^modules/$1/' } },
    },
    {
      name: 'no-module-internals',
      comment:
        "A module imports another module only through its index.ts (modules/platform, the shared kernel, is open). Move what you need into the other module's public surface.",
      severity: 'error',
      from: { path: '^modules/([^/]+)/' },
      to: { path: internals, pathNot: ['^modules/$1/', '^modules/platform/'] },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'modules/platform is the shared kernel below every module: it imports none of them.',
      severity: 'error',
      from: { path: '^modules/platform/' },
      to: { path: '^modules/(?!platform/)' },
    },
    {
      name: 'no-module-internals-from-outside',
      comment:
        'Processes, scripts and cross-module tests use a module through its index.ts. tests/support (the test harness shared by the module tests) may set up state below the surface.',
      severity: 'error',
      from: { path: '^(services|workers|tests|scripts)/', pathNot: '^tests/support/' },
      to: { path: internals, pathNot: ['^modules/platform/', '^modules/[^/]+/bench\\.ts$'] },
    },
    {
      name: 'migrations-use-their-own-module',
      comment:
        'A migration (<timestamp>_<module>.ts) may use its own module (e.g. the reference data seed), another module only through its index.ts.',
      severity: 'error',
      from: { path: '^migrations/[^_]+_([a-z-]+)\\.ts$' },
      to: { path: internals, pathNot: ['^modules/platform/', '^modules/$1/'] },
    },
    {
      name: 'shared-stays-pure',
      comment:
        "A module's shared.ts is bundled into the web app: its values come only from zod, the kernel's locales and its own module's pure chart (ledger); types may come from anywhere, they are erased.",
      severity: 'error',
      from: { path: '^modules/[^/]+/shared\\.ts$' },
      to: {
        dependencyTypesNot: ['type-only'],
        pathNot: ['(^|/)node_modules/zod/', '^modules/platform/locales\\.ts$', '^modules/ledger/chart\\.ts$'],
      },
    },
    {
      name: 'portal-messages-stay-in-portal',
      comment:
        "The web's messages are in three catalogs per language (lingui.config.ts): the portal screens' (web/src/routes/_portal and the portal-only components), help's and the rest. Only the portal screens load the portal catalog, so nothing outside them may import a portal-only component with texts: they would be missing on a guest page.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: [...PORTAL_AREA, '^web/src/routes/_portal/'] },
      to: {
        path: PORTAL_AREA,
        pathNot: areas.textlessPortalFiles.map(exactly),
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'help-messages-stay-in-help',
      comment:
        "The help page's answers are a catalog of their own, loaded by the /help route: only the help page imports them.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: ['^web/src/components/support/help-page\\.tsx$'] },
      to: { path: areas.helpFiles.map(exactly), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sandbox-messages-stay-in-sandbox',
      comment:
        "The sandbox provider's pages have a catalog of their own, loaded by their routes (web/src/routes/sandbox): nothing else imports their components.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: areas.sandboxDirs.map((dir) => `^${dir}/`) },
      to: { path: '^web/src/components/payments/sandbox/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-imports-shared-only',
      comment:
        "The web app imports from modules/ only a module's shared.ts (pure values and schemas) and the kernel's config (read by the web server's bootstrap and the portal names).",
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^modules/', pathNot: ['^modules/[^/]+/shared\\.ts$', '^modules/platform/config\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^\\.data/', '^(web/)?dist/', '^web/\\.', 'routeTree\\.gen\\.ts$'] },
    // TypeScript 7 (the native compiler) has no JavaScript API for dependency-cruiser; swc parses
    // the .ts/.tsx files instead, and keeps type-only imports (marked `type-only`).
    parser: 'swc',
    // The web app's `~/` imports (web/tsconfig.json paths); the server code has no aliases.
    tsConfig: { fileName: 'web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
