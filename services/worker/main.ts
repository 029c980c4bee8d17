import { modules } from '../../modules/index.ts'
import { migrateToLatest } from '../../modules/platform/migrate.ts'
import { closeServices, createServices } from '../../modules/platform/services.ts'
import { exitOnConfigError, exitOnWiringError, onShutdown } from '../shutdown.ts'
import { startWorker } from './worker.ts'

const config = exitOnConfigError()
// Before anything else: a module whose needed piece nobody provides stops start-up here.
const wiring = exitOnWiringError(modules)
const services = createServices(config, 'worker')
services.log.info({ modules: wiring.order }, 'modules wired')

if (process.env.MIGRATE_ON_START !== 'false') await migrateToLatest(services.db)

const worker = await startWorker(services, modules, {
  ...(process.env.WORKER_LOCK_MS ? { lockDuration: Number(process.env.WORKER_LOCK_MS) } : {}),
  ...(process.env.WORKER_STALLED_MS ? { stalledInterval: Number(process.env.WORKER_STALLED_MS) } : {}),
})

onShutdown(services.log, config.SHUTDOWN_TIMEOUT_MS, async () => {
  await worker.stop()
  await closeServices(services)
})
