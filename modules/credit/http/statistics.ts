import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isAdmin } from '../../platform/access.ts'
import { calendarDate } from '../../platform/bad-input.ts'
import { businessTimeZone, zonedDate } from '../../platform/dates.ts'
import { invalidField, withCode } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { creditProgramOf } from '../access.ts'
import { type CreditFigures, creditStatistics } from '../queries/statistics.ts'

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

const figure = z.object({ count: z.number().int(), amount: z.number().int() })
const figures = {
  open: figure.openapi({
    description: 'Bills unpaid or overdue now; the amount open of them, penalties included',
  }),
  overdue: figure.openapi({ description: 'Of those, the overdue ones' }),
  paid: figure.openapi({ description: 'Payments received in the period; their sum less refunds' }),
  penalties: figure.openapi({ description: 'Penalties added in the period' }),
  reminders_sent: z.number().int().openapi({ description: 'Reminders sent in the period' }),
}

const statisticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    program: z.uuid().nullable(),
    results: z.array(
      z.object({
        currency: z.string(),
        ...figures,
        days: z.array(
          z.object({
            date: z.string(),
            open: z.number().int().openapi({ description: 'Open at the end of the day' }),
            overdue: z.number().int().openapi({ description: 'Of it, past its due date' }),
            collected: z.number().int().openapi({ description: 'Received that day, less refunds' }),
            penalties: z.number().int(),
            reminders_sent: z.number().int(),
          }),
        ),
      }),
    ),
    programs: z.array(z.object({ uuid: z.uuid(), title: z.string(), currency: z.string(), ...figures })),
  })
  .openapi('BillStatistics')

export const getBillStatistics = createRoute({
  method: 'get',
  path: '/manager/bill-statistics',
  tags: ['manager'],
  summary: 'Credit figures: open, overdue, paid, penalties and reminders',
  description:
    'For a program owner their credit programs’ bills (optionally one program; another owner’s: 404), for an admin every program’s. Per currency the totals and every day of the period (at most 366 days, counted in `tz`): open and overdue at the day’s end, collected, penalties, reminders sent; per program and currency the totals. Open and overdue are now; paid, penalties and reminders within the period.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query },
  responses: {
    200: { description: 'The figures', content: { 'application/json': { schema: statisticsSchema } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const figuresJson = (f: CreditFigures) => ({
  open: { count: f.open.count, amount: Number(f.open.amount) },
  overdue: { count: f.overdue.count, amount: Number(f.overdue.amount) },
  paid: { count: f.paid.count, amount: Number(f.paid.amount) },
  penalties: { count: f.penalties.count, amount: Number(f.penalties.amount) },
  reminders_sent: f.reminders_sent,
})

export function registerStatisticsRoutes(app: ApiApp) {
  app.openapi(getBillStatistics, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    const to = q.to ?? (q.from ? shift(q.from, 29) : zonedDate(new Date(), q.tz))
    const from = q.from ?? shift(to, -29)
    if (from > to) throw invalidField('to', 'before_from', 'must not be before from')
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > maxDays) {
      throw invalidField('from', 'period_too_long', `at most ${maxDays} days`, { maximum: maxDays })
    }
    if (q.program) await creditProgramOf(db, me, q.program, { adminMayRead: true })
    const stats = await creditStatistics(db, {
      owner: isAdmin(me) ? null : me.user_id,
      program: q.program,
      from,
      to,
      time_zone: q.tz,
    })
    return c.json(
      {
        from,
        to,
        time_zone: q.tz,
        program: q.program ?? null,
        results: stats.results.map((r) => ({
          currency: r.currency,
          ...figuresJson(r),
          days: r.days.map((d) => ({
            date: d.date,
            open: Number(d.open),
            overdue: Number(d.overdue),
            collected: Number(d.collected),
            penalties: Number(d.penalties),
            reminders_sent: d.reminders_sent,
          })),
        })),
        programs: stats.programs.map((p) => ({
          uuid: p.program_id,
          title: p.title,
          currency: p.currency,
          ...figuresJson(p),
        })),
      },
      200,
    )
  })
}
