import { requireUser, signedIn } from '../../identity/index.ts'
import { calendarDate } from '../../platform/bad-input.ts'
import { businessTimeZone } from '../../platform/dates.ts'
import { invalidField, withCode } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { programInFilter } from '../../programs/index.ts'
import { paymentStatistics } from '../queries/statistics.ts'
import { bearerSecurity } from './schemas.ts'

const date = calendarDate('a date as YYYY-MM-DD')
const maxDays = 366

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const query = z.object({
  program: z.uuid('not a program id').optional(),
  from: date.optional().openapi({ description: 'First day (default: 29 days before `to`)' }),
  to: date.optional().openapi({ description: 'Last day, inclusive (default: today)' }),
  tz: z
    .string()
    .max(64)
    .refine(validZone, {
      message: 'an IANA time zone such as Europe/Amsterdam',
      params: withCode('invalid_time_zone'),
    })
    .default(businessTimeZone)
    .openapi({ description: 'The days are counted in this time zone' }),
})

const statistics = z
  .object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    program: z.uuid().nullable(),
    results: z.array(
      z.object({
        currency: z.string(),
        count: z.number().int().openapi({ description: 'Paid payments' }),
        amount: z.number().int().openapi({ description: 'Their sum, minor units' }),
        refunded: z.number().int().openapi({ description: 'Refunded of it since, minor units' }),
        days: z.array(z.object({ date: z.string(), count: z.number().int(), amount: z.number().int() })),
      }),
    ),
  })
  .openapi('PaymentStatistics')

export const getStatistics = createRoute({
  method: 'get',
  path: '/manager/statistics',
  tags: ['manager'],
  summary: 'Paid payments per day',
  description:
    'A program owner: payments that pay them (optionally one of their programs). An acceptor: payments taken at their cashpoints or by their links (optionally in one program they have or had a place in). An admin: all. A `program` the caller may not see (another owner’s, one the acceptor never had a place in) or that does not exist: 404. One series per currency, every day of the range (at most 366 days), counted in `tz`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { query },
  responses: {
    200: { description: 'The figures', content: { 'application/json': { schema: statistics } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

/** Today in a time zone, as YYYY-MM-DD. */
const todayIn = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date())
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

export function registerGetStatistics(app: ApiApp) {
  app.openapi(getStatistics, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    const to = q.to ?? (q.from ? shift(q.from, 29) : todayIn(q.tz))
    const from = q.from ?? shift(to, -29)
    if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      throw invalidField('from', 'invalid_date', 'not a date')
    if (from > to) throw invalidField('to', 'before_from', 'must not be before from')
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > maxDays) {
      throw invalidField('from', 'period_too_long', `at most ${maxDays} days`, { maximum: maxDays })
    }
    if (q.program) await programInFilter(db, me, q.program)
    const results = await paymentStatistics(db, me, { program: q.program, from, to, time_zone: q.tz })
    return c.json(
      {
        from,
        to,
        time_zone: q.tz,
        program: q.program ?? null,
        results: results.map((r) => ({
          currency: r.currency,
          count: r.count,
          amount: Number(r.amount),
          refunded: Number(r.refunded),
          days: r.days.map((d) => ({ date: d.date, count: d.count, amount: Number(d.amount) })),
        })),
      },
      200,
    )
  })
}
