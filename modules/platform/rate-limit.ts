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
  const key = keyOf(prefix, limit, subject)
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

/**
 * Checks several limits at once and counts one use of each only when none is used up, so a refused
 * try never spends anyone's allowance (a payer refused for their address does not use up the
 * payment's tries). Fixed windows in Redis, checked and counted atomically in one script; refuses
 * with 429 and the longest wait of the limits that are used up.
 */
export async function consumeAll(
  redis: Redis,
  prefix: string,
  uses: readonly { limit: RateLimit; subject: string }[],
): Promise<void> {
  if (uses.length === 0) return
  const keys = uses.map((u) => keyOf(prefix, u.limit, u.subject))
  const args = uses.flatMap((u) => [String(u.limit.limit), String(u.limit.windowSeconds)])
  const wait = (await redis.eval(allOrNothing, keys.length, ...keys, ...args)) as number
  if (wait > 0) {
    throw new AppError('too_many_requests', 'too many attempts, try again later', {
      reason: 'rate_limited',
      retryAfter: wait,
    })
  }
}

const keyOf = (prefix: string, limit: RateLimit, subject: string) =>
  `${prefix}:rate:${limit.name}:${createHash('sha256').update(subject).digest('hex').slice(0, 32)}`

// KEYS: one counter per limit; ARGV: limit and window seconds per key. Answers 0 when counted, else
// the seconds until the longest used-up window ends.
const allOrNothing = `
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2 - 1])
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= limit then
    local ttl = redis.call('TTL', key)
    if ttl < 1 then ttl = tonumber(ARGV[i * 2]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, tonumber(ARGV[i * 2]), 'NX')
end
return 0
`
