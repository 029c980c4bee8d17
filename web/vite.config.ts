import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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
function portalHosts(): string[] {
  const names = ['ADMIN_HOST', 'PROGRAMS_HOST', 'ACCEPTOR_HOST', 'CARDHOLDER_HOST'].flatMap((key) =>
    (process.env[key] ?? '').split(','),
  )
  return ['.localhost', ...names.map((h) => h.trim().toLowerCase()).filter(Boolean)]
}

const port = Number(process.env.WEB_PORT ?? process.env.PORT ?? 5173)

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
    // The API (and its development queue dashboard) run behind Vite in watch mode: one origin.
    proxy: Object.fromEntries(
      ['/api', '/admin/queues'].map((path) => [
        path,
        { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3001', changeOrigin: false },
      ]),
    ),
  },
  plugins: [
    tailwindcss(),
    tanstackStart(),
    react(),
    lingui(linguiConfig),
    babel({ presets: [linguiTransformerBabelPreset(undefined, linguiConfig)] }),
    versionFile(),
  ],
})
