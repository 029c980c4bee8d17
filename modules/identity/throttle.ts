import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

/**
 * Failed sign-ins are counted per (account, address) and per address, in Redis, over a 15-minute
 * window. The account counter is keyed by the address too, so a stranger hammering someone's
 * account from elsewhere locks out only themselves, never the real user on their own address;
 * the per-address limit stops one address from trying many accounts.
 */
export const throttleLimits = { perAccountAndAddress: 5, perAddress: 30, windowSeconds: 15 * 60 } as const

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32)

function keys(prefix: string, email: string, ip: string) {
  return {
    account: `${prefix}:throttle:signin:acct:${digest(`${email.toLowerCase()}|${ip}`)}`,
    address: `${prefix}:throttle:signin:ip:${digest(ip)}`,
  }
}

/** Seconds until the caller may try again, or 0 when not throttled. */
export async function signInRetryAfter(
  redis: Redis,
  prefix: string,
  email: string,
  ip: string,
): Promise<number> {
  const k = keys(prefix, email, ip)
  const [[, account], [, address]] = (await redis.multi().get(k.account).get(k.address).exec()) as [
    [unknown, string | null],
    [unknown, string | null],
  ]
  const blocked: string[] = []
  if (Number(account ?? 0) >= throttleLimits.perAccountAndAddress) blocked.push(k.account)
  if (Number(address ?? 0) >= throttleLimits.perAddress) blocked.push(k.address)
  if (!blocked.length) return 0
  const ttls = await Promise.all(blocked.map((key) => redis.ttl(key)))
  return Math.max(1, ...ttls)
}

export async function recordFailedSignIn(
  redis: Redis,
  prefix: string,
  email: string,
  ip: string,
): Promise<void> {
  const k = keys(prefix, email, ip)
  await redis
    .multi()
    .incr(k.account)
    .expire(k.account, throttleLimits.windowSeconds, 'NX')
    .incr(k.address)
    .expire(k.address, throttleLimits.windowSeconds, 'NX')
    .exec()
}

/** A successful sign-in clears the account's counter for that address. */
export async function clearFailedSignIns(
  redis: Redis,
  prefix: string,
  email: string,
  ip: string,
): Promise<void> {
  await redis.del(keys(prefix, email, ip).account)
}
