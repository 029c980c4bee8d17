import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { visualizer } from 'rollup-plugin-visualizer'
import { defineConfig, type Plugin, type PluginOption } from 'vite'
import { compression } from 'vite-plugin-compression2'

const webRoot = import.meta.dirname
const linguiConfig = { configPath: path.resolve(webRoot, '../lingui.config.ts') }

/**
 * One id per build, compiled into the client and written to `version.json` beside the assets: a
 * page whose compiled id differs from the served file is outdated and offers a reload. Vite evaluates
 * this file once per environment, so the id is kept in the environment to stay the same for all.
 */
process.env.BUILD_ID ||= `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`
const buildId = process.env.BUILD_ID

function versionFile(): Plugin {
  const body = () => `${JSON.stringify({ buildId })}\n`
  return {
    name: 'cardpay-version-file',
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('content-type', 'application/json')
        res.setHeader('cache-control', 'no-cache')
        res.end(body())
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body() })
    },
  }
}

/** Host names of the portals, from the same variables the API reads; `.localhost` covers development. */
/**
 * The compression plugin works in every environment that has a manifest, the server's included;
 * the server bundle never goes over the wire, so its compressed copies are dropped again.
 */
function serverBundleUncompressed(): Plugin {
  return {
    name: 'cardpay-server-bundle-uncompressed',
    applyToEnvironment: (environment) => environment.name !== 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const name of Object.keys(bundle)) if (/\.(br|gz)$/.test(name)) delete bundle[name]
      },
    },
  }
}

function portalHosts(): string[] {
  const names = ['ADMIN_HOST', 'PROGRAMS_HOST', 'ACCEPTOR_HOST', 'CARDHOLDER_HOST'].flatMap((key) =>
    (process.env[key] ?? '').split(','),
  )
  return ['.localhost', ...names.map((h) => h.trim().toLowerCase()).filter(Boolean)]
}

const port = Number(process.env.WEB_PORT ?? process.env.PORT ?? 5173)

/**
 * `ANALYZE=1 npm run build`: source maps and a treemap of the browser bundle in
 * `.data/analyze/client.html` (what each chunk is made of), for finding what makes a page heavy.
 */
const analyze = process.env.ANALYZE === '1'

function bundleTreemap(): PluginOption {
  const plugin = visualizer({
    filename: path.resolve(webRoot, '../.data/analyze/client.html'),
    template: 'treemap',
    gzipSize: true,
    brotliSize: true,
  }) as Plugin
  return { ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }
}

export default defineConfig({
  root: webRoot,
  envDir: webRoot,
  resolve: { alias: { '~': path.resolve(webRoot, 'src') } },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: {
    port,
    strictPort: true,
    host: process.env.WEB_HOST ?? '127.0.0.1',
    allowedHosts: portalHosts(),
    // The API (and its development queue dashboard) run behind Vite in watch mode: one origin. The
    // API also answers each host's sitemap, robots, web app manifest and its icons (food module).
    proxy: Object.fromEntries(
      ['/api', '/admin/queues', '/sitemap.xml', '/robots.txt', '/manifest.webmanifest', '/icons/'].map(
        (path) => [path, { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001', changeOrigin: false }],
      ),
    ),
  },
  build: {
    // scripts/web-weight.ts reads what each page loads from the manifest (web/dist/client/.vite).
    manifest: true,
    // No list of each lazy chunk's dependencies in the entry (about 3.5 KiB on every page): a first
    // visit gets its files as modulepreload links from TanStack Start's manifest, and a navigation
    // is preloaded on intent by the router. See README, Weight.
    modulePreload: false,
    // Hidden (no `sourceMappingURL` comment): an analysed build sends the same bytes as any other,
    // so scripts/web-weight.ts measures it the same.
    sourcemap: analyze ? 'hidden' : false,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Everything the entry imports statically (React, the router, the app's frame) in the
            // entry chunk itself rather than in some twenty small shared chunks: each file is
            // compressed on its own, so one file is about 10 KiB smaller (brotli) on every page.
            codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      router: {
        // A route's loader travels with its component, in one chunk fetched when the route is
        // first visited, instead of in the entry chunk every page loads (with the query modules
        // each loader imports); the route's options that decide before that (beforeLoad, head,
        // search validation) stay in the entry.
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader', 'component'],
            ['pendingComponent'],
            ['errorComponent'],
            ['notFoundComponent'],
          ],
        },
      },
    }),
    react(),
    lingui(linguiConfig),
    babel({ presets: [linguiTransformerBabelPreset(undefined, linguiConfig)] }),
    versionFile(),
    // Hashed assets also as .br and .gz beside them, made once at build time at the highest levels;
    // services/api/web.ts serves the one the browser accepts.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|svg|json|txt|webmanifest|wasm)$/,
      exclude: [/\.vite[\\/]/, /version\.json$/],
      threshold: 512,
      logLevel: 'silent',
    }),
    serverBundleUncompressed(),
    analyze && bundleTreemap(),
  ],
})
