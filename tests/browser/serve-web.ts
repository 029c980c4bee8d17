import { serve } from '@hono/node-server'
import { loadWeb } from '../../services/api/web.ts'

/**
 * Serves the built web app alone (no API) for the browser tests, the way the API process serves it
 * in production: `node tests/browser/serve-web.ts` after `vite build --config web/vite.config.ts`.
 */
const port = Number(process.env.E2E_PORT ?? 3199)
const web = await loadWeb()
if (!web) {
  console.error('web build not found in web/dist: run `vite build --config web/vite.config.ts` first')
  process.exit(1)
}
const server = serve({ fetch: web, port, hostname: '127.0.0.1' }, (info) =>
  console.log(
    `web app on http://localhost:${info.port} (admin.localhost, programs.localhost, acceptor.localhost)`,
  ),
)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)))
