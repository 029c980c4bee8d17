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
 * The web's catalog areas (web/catalog-areas.json, read by lingui.config.ts too): each area's
 * files (folders or single files) have their texts in the area's catalog, which only the routes
 * that show them load. So nothing else may import them, except the files an area lists as
 * `importable` (no texts; web/src/locales/catalogs.test.ts checks that they stay so) and the
 * files it lists as its `importers` (the help page, which loads the help answers).
 */
const exactly = (file) => `^${file.replace(/[.$^()[\]{}|*+?\\]/g, '\\$&')}$`
const areaPattern = (path) => (/\.tsx?$/.test(path) ? exactly(path) : `^${path}/`)
const catalogAreaRules = Object.entries(areas.areas).map(
  ([area, { paths, importable = [], importers = [] }]) => ({
    name: `${area}-messages-stay-in-${area}`,
    comment: `The ${area} area's texts are a catalog of their own (web/catalog-areas.json, lingui.config.ts), loaded only by the routes that show them: nothing outside the area imports its files with texts, or a page would show texts it did not load.`,
    severity: 'error',
    from: { path: '^web/src/', pathNot: [...paths.map(areaPattern), ...importers.map(exactly)] },
    to: { path: paths.map(areaPattern), pathNot: importable.map(exactly), dependencyTypesNot: ['type-only'] },
  }),
)

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
    ...catalogAreaRules,
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
