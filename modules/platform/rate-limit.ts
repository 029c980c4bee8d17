import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { AppError } from './errors.ts'

export interface RateLimit {
  /** What is counted, e.g. `pay:ip`; the subject is hashed into the key. */
  name: string
  limit: number
  windowSeconds: number
}

/**
 * Counts one more use of `limit` for `subject` in a fixed window in Redis and refuses with 429
 * (and Retry-After) once the window's limit is used up. For public calls that can be abused at
 * scale, such as trying stolen card numbers on a payment page.
 */
export async function consume(
  redis: Redis,
  prefix: string,
  limit: RateLimit,
  subject: string,
): Promise<void> {
  const key = `${prefix}:rate:${limit.name}:${createHash('sha256').update(subject).digest('hex').slice(0, 32)}`
  const [[, count], , [, ttl]] = (await redis
    .multi()
    .incr(key)
    .expire(key, limit.windowSeconds, 'NX')
    .ttl(key)
    .exec()) as [[unknown, number], [unknown, number], [unknown, number]]
  if (count > limit.limit) {
    throw new AppError('too_many_requests', 'too many attempts, try again later', {
      reason: 'rate_limited',
      retryAfter: ttl > 0 ? ttl : limit.windowSeconds,
    })
  }
}
