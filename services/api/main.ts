import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { modules } from '../../modules/index.ts'
import { migrateToLatest } from '../../modules/platform/migrate.ts'
import { closeServices, createServices } from '../../modules/platform/services.ts'
import { exitOnConfigError, exitOnWiringError, onShutdown } from '../shutdown.ts'
import { newApp } from './app.ts'
import { mountQueueDashboard } from './queue-dashboard.ts'
import { loadWeb, modulesPageStamp } from './web.ts'

const config = exitOnConfigError()
// Before anything else: a module whose needed piece nobody provides stops start-up here.
const wiring = exitOnWiringError(modules)
const services = createServices(config, 'api', { servesRequests: true })
const { log } = services
log.info({ modules: wiring.order }, 'modules wired')

if (process.env.MIGRATE_ON_START !== 'false') {
  const applied = await migrateToLatest(services.db)
  if (applied.length) log.info({ applied }, 'migrations applied')
}

// A shared guest page is rendered again only when the stamp of its data changes (web.ts).
const web = await loadWeb(undefined, { pageStamp: modulesPageStamp(modules, services) })
if (!web) log.warn('web build not found: only the API is served (run `npm run build` or `npm start`)')

const app = newApp({
  services,
  modules,
  web,
  extra: config.NODE_ENV === 'development' ? (a) => mountQueueDashboard(a, services.queues) : undefined,
})

const server = createAdaptorServer({ fetch: app.fetch })
server.listen({ port: config.PORT, host: config.HOST, reusePort: config.REUSE_PORT }, () =>
  log.info({ port: (server.address() as AddressInfo).port, url: config.PUBLIC_URL }, 'api listening'),
)

onShutdown(log, config.SHUTDOWN_TIMEOUT_MS, async () => {
  // Stop accepting, let in-flight requests finish, then close the pools.
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await closeServices(services)
})
