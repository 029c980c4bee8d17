import { createBullBoard } from '@bull-board/api'
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter'
import { HonoAdapter } from '@bull-board/hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../modules/platform/module.ts'
import type { Queues } from '../../modules/platform/queues.ts'

export const queueDashboardPath = '/admin/queues'

/**
 * The BullMQ dashboard (bull-board): queues, jobs, failed jobs with "retry". Mounted in
 * development only; in production the admin API lists and retries failed jobs behind admin auth.
 */
export function mountQueueDashboard(app: OpenAPIHono<AppEnv>, queues: Queues): void {
  const adapter = new HonoAdapter(serveStatic).setBasePath(queueDashboardPath)
  createBullBoard({
    queues: Object.values(queues).map((q) => new BullMQAdapter(q)),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Cardpay queues' } },
  })
  app.route(queueDashboardPath, adapter.registerPlugin() as never)
}
