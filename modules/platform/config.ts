import path from 'node:path'
import { z } from 'zod'

/**
 * The one place that reads environment variables. Every process (api, worker, launcher, tests)
 * calls `loadConfig()` once at start-up; a bad or missing value stops it with a message that names
 * the variable, instead of failing later somewhere deep in a request.
 */

const hostList = z
  .string()
  .min(1)
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )

const pemOrEmpty = z
  .string()
  .optional()
  .transform((v) => (v ? v.replace(/\\n/g, '\n') : undefined))
  .refine((v) => v === undefined || v.includes('-----BEGIN'), 'must be a PEM-encoded key')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Several API processes on one port (SO_REUSEPORT; the kernel spreads connections over them), as
   * `npm run chaos` runs them. Off by default, so that a second start on a taken port fails loudly.
   */
  REUSE_PORT: z.stringbool().default(false),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as http://localhost:3000' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/cardpay'),
  /**
   * Connections of one process's PostgreSQL pool. PostgreSQL must allow (API processes + worker
   * processes) × this + a few for maintenance: docs/running.md "Connections".
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a query waits for a free pooled connection before its request is answered 503. */
  DB_POOL_WAIT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Back-pressure of one API process (docs/running.md "Back-pressure"): past this many API requests
   * in progress, or this many queries waiting for a pooled connection, a new request is answered
   * 503 with Retry-After at once instead of queueing until it times out.
   */
  API_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(512),
  API_MAX_DB_WAITING: z.coerce.number().int().min(0).default(200),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this deployment writes (BullMQ queues, throttles); tests give each file its own. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('cardpay'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Cardpay <no-reply@cardpay.localhost>'),
  /** Where new support requests are announced. */
  SUPPORT_EMAIL: z.email().default('support@cardpay.localhost'),
  /** Access-token signing keys (asymmetric, PEM). Empty in development: a pair is made in DATA_DIR. */
  TOKEN_PRIVATE_KEY: pemOrEmpty,
  TOKEN_PUBLIC_KEY: pemOrEmpty,
  /** Key for secrets stored encrypted at rest (provider credentials); 32 bytes, base64. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes, base64-encoded',
    ),
  ADMIN_HOST: hostList.default(['admin.localhost']),
  PROGRAMS_HOST: hostList.default(['programs.localhost']),
  ACCEPTOR_HOST: hostList.default(['acceptor.localhost']),
  CARDHOLDER_HOST: hostList.default(['localhost', 'app.localhost']),
  DATA_DIR: z.string().default('.data'),
  /** Behind a reverse proxy that sets X-Forwarded-For: take the client address from it. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest accepted request body, in bytes (uploads have their own, smaller limits). */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /** How often the outbox relay sweeps for rows a missed notification left behind. */
  OUTBOX_SWEEP_MS: z.coerce.number().int().positive().default(5000),
  /**
   * The outbox re-drive (modules/platform/redrive.ts): how often each worker looks for sent events
   * a handler has not handled; how long after sending it first looks at one (a handler's job is
   * normally long done by then); how many times one event is re-driven at most; and the wait
   * before the first re-drive's next look, doubled after each (1, 2, 4, 8, 16 minutes).
   */
  OUTBOX_REDRIVE_MS: z.coerce.number().int().positive().default(30_000),
  OUTBOX_REDRIVE_AFTER_MS: z.coerce.number().int().nonnegative().default(60_000),
  OUTBOX_REDRIVE_MAX: z.coerce.number().int().min(1).default(5),
  OUTBOX_REDRIVE_BACKOFF_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * How long a worker's claim on a bill reminder lasts while it sends (credit module): a worker
   * that died mid-send gives its reminders back after this. Tests that kill workers shorten it.
   */
  REMINDER_CLAIM_MS: z.coerce.number().int().min(500).default(120_000),
  /**
   * The business time zone: the days people read (ledger entry dates, "today", date presets,
   * statistics days, card validity) are days here, never UTC days (modules/platform/dates.ts).
   */
  BUSINESS_TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, 'an IANA time zone such as Europe/Amsterdam')
    .default('Europe/Amsterdam'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Tries to pay (public payment pages, against card testing; docs/payments.md "Card data"): one
   * payment per hour, one card (by a keyed fingerprint, never stored) per hour, one payer's device
   * or account per 10 minutes, and a much higher ceiling per client address per 10 minutes (a
   * shop's Wi-Fi or a mobile carrier puts many payers behind one address).
   */
  PAY_LIMIT_PER_PAYMENT: z.coerce.number().int().positive().default(20),
  PAY_LIMIT_PER_CARD: z.coerce.number().int().positive().default(10),
  PAY_LIMIT_PER_DEVICE: z.coerce.number().int().positive().default(30),
  PAY_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  /**
   * Outbound webhooks may go to private, loopback and link-local addresses (a merchant's test
   * server on this machine). Default: allowed in development and test, refused in production (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  /**
   * Delays between outbound webhook attempts (`500ms`, `30s`, `2m`, `1h`): after the last one a
   * delivery is given up as failed (`maxRepeats`). The first three are the product's 1 s, 2 s, 3 s.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('1s,2s,3s,30s,2m,10m,30m,1h,3h,6h')
    .transform((v, ctx) => {
      const units = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
      const delays = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => /^(\d+)(ms|s|m|h)$/.exec(p))
      if (delays.some((m) => !m)) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list like 1s,2s,30s,2m,1h' })
        return z.NEVER
      }
      return delays.map((m) => Number(m![1]) * units[m![2] as keyof typeof units])
    }),
  /** How long one outbound webhook request may take, response included. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Where the Stripe and CCV adapters send their API calls, instead of the providers' documented
   * hosts: for tests and local runs against the fakes in `modules/payments/providers`.
   */
  STRIPE_API_BASE: z.url({ message: 'must be an absolute URL' }).optional(),
  CCV_API_BASE: z.url({ message: 'must be an absolute URL' }).optional(),
})

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'DATA_DIR' | 'WEBHOOK_ALLOW_PRIVATE'> & {
  PUBLIC_URL: string
  DATA_DIR: string
  WEBHOOK_ALLOW_PRIVATE: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = result.data
  return {
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    DATA_DIR: path.resolve(c.DATA_DIR),
    WEBHOOK_ALLOW_PRIVATE:
      c.WEBHOOK_ALLOW_PRIVATE === undefined
        ? c.NODE_ENV !== 'production'
        : c.WEBHOOK_ALLOW_PRIVATE === 'true' || c.WEBHOOK_ALLOW_PRIVATE === '1',
  }
}

export type Portal = 'admin' | 'programs' | 'acceptor' | 'cardholder'

/** Which portal a host name serves; the card holder portal is the default for any other host. */
export function portalForHost(
  host: string | undefined,
  config: Pick<Config, 'ADMIN_HOST' | 'PROGRAMS_HOST' | 'ACCEPTOR_HOST'>,
): Portal {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '')
  if (config.ADMIN_HOST.includes(name)) return 'admin'
  if (config.PROGRAMS_HOST.includes(name)) return 'programs'
  if (config.ACCEPTOR_HOST.includes(name)) return 'acceptor'
  return 'cardholder'
}
