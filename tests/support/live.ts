import { createServer } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { modules as platformModules } from '../../modules/index.ts'
import type { ModuleDefinition } from '../../modules/platform/module.ts'
import { startWorker, type WorkerProcess } from '../../services/worker/worker.ts'
import { createTestContext, type TestContext } from './context.ts'

/**
 * A test context served on a real port (PUBLIC_URL points at it), with a running worker: for flows
 * where something outside calls the app back over HTTP, such as the sandbox provider's webhooks.
 */
export interface LiveTestContext extends TestContext {
  url: string
  worker: WorkerProcess | undefined
  /** Starts the worker (again, after `stopWorker`). */
  startWorker(): Promise<WorkerProcess>
  stopWorker(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export async function createLiveTestContext(
  opts: { env?: Record<string, string>; worker?: boolean; modules?: readonly ModuleDefinition[] } = {},
): Promise<LiveTestContext> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const modules = opts.modules ?? platformModules
  const t = await createTestContext({ modules, env: { PUBLIC_URL: url, ...opts.env } })
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const live: LiveTestContext = {
    ...t,
    url,
    worker: undefined,
    async startWorker() {
      live.worker = await startWorker(t.services, modules)
      return live.worker
    },
    async stopWorker() {
      await live.worker?.stop()
      live.worker = undefined
    },
    async close() {
      await live.stopWorker()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await t.close()
    },
  }
  if (opts.worker !== false) await live.startWorker()
  return live
}
