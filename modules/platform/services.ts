import type { Config } from './config.ts'
import { createDb } from './db.ts'
import { createLogger } from './logger.ts'
import { createMailer } from './mail/mailer.ts'
import type { Services } from './module.ts'
import { closeQueues, createQueues, createRedis } from './queues.ts'

/** Builds the shared parts a process needs (pools, queues, mailer, logger) from the config. */
export function createServices(
  config: Config,
  name: string,
  /**
   * An API process gives up on a busy pool after DB_POOL_WAIT_MS (503, back-pressure); a worker's
   * jobs, bounded per queue, wait for a connection as long as it takes rather than fail and retry.
   */
  opts: { servesRequests?: boolean } = {},
): Services {
  const log = createLogger({ name, level: config.LOG_LEVEL })
  const redis = createRedis(config.REDIS_URL)
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'))
  return {
    config,
    log,
    db: createDb({
      url: config.DATABASE_URL,
      max: config.DB_POOL_MAX,
      waitMs: opts.servesRequests ? config.DB_POOL_WAIT_MS : 0,
      applicationName: `cardpay-${name}`,
    }),
    redis,
    queues: createQueues(redis, config.REDIS_PREFIX),
    mailer: createMailer(config),
  }
}

export async function closeServices(services: Services): Promise<void> {
  await closeQueues(services.queues)
  services.mailer.close()
  await services.db.destroy()
  services.redis.disconnect()
}
