import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { offsetAt, startOfDay } from '../platform/dates.ts'
import {
  catchUp,
  defaultSendWindow,
  type IsoWeekday,
  type LadderStep,
  type PendingReminder,
  planLadder,
  type Schedule,
  type SendWindow,
} from './planning.ts'

/**
 * Issue 13's property: ladder planning over random ladders, due dates and five zones across both
 * daylight-saving changes. Expected instants come from an oracle written differently from the
 * planner: it walks local minutes one at a time and asks of each whether it is in the window and
 * exists on the zone's clock, where the planner jumps to openings and searches the gap's end.
 */

const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Chatham']
const minute = 60_000
const day = 86_400_000
const always: SendWindow = { start: '00:00', end: '24:00', weekdays: [1, 2, 3, 4, 5, 6, 7] }

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3))
const dayNumber = (date: string) => Date.parse(date) / day
const dateOf = (n: number) => new Date(n * day).toISOString().slice(0, 10)

/** The local dates on which the clocks change (days of 23, 25 or 23.5 hours…), 2025–2027. */
const changeDays = Object.fromEntries(
  zones.map((zone) => {
    const days: number[] = []
    for (let d = dayNumber('2025-01-01'); d <= dayNumber('2027-12-31'); d++) {
      const length = startOfDay(dateOf(d + 1), zone).getTime() - startOfDay(dateOf(d), zone).getTime()
      if (length !== day) days.push(d)
    }
    return [zone, days]
  }),
)

// ─── Oracle ────────────────────────────────────────────────────────────────────────────────────

/** The wall clock of an instant, as "local time read as UTC" milliseconds. */
const wallOf = (at: number, zone: string) => at + offsetAt(new Date(at), zone)

/** Every instant whose wall clock shows `wall`: none in a gap, two in a repeated hour. */
function instantsOf(wall: number, zone: string): number[] {
  const offsets = new Set(
    [-day, -3 * 3_600_000, 0, 3 * 3_600_000, day].map((d) => offsetAt(new Date(wall + d), zone)),
  )
  return [...offsets]
    .map((o) => wall - o)
    .filter((t) => wallOf(t, zone) === wall)
    .sort((a, b) => a - b)
}

function sends(window: SendWindow, wall: number): boolean {
  const d = Math.floor(wall / day)
  const m = (wall - d * day) / minute
  const weekday = ((((d + 3) % 7) + 7) % 7) + 1
  return (
    window.weekdays.includes(weekday as IsoWeekday) &&
    m >= minutesOf(window.start) &&
    m < minutesOf(window.end)
  )
}

/** The first wall minute at or after `wall` in the window that exists, walking forward. */
function firstSendingWall(window: SendWindow, zone: string, wall: number): number {
  let w = wall
  for (let i = 0; i < 100_000; i++) {
    if (sends(window, w)) {
      if (instantsOf(w, zone).length > 0) return w
      w += minute
      continue
    }
    const d = Math.floor(w / day)
    const m = (w - d * day) / minute
    const start = minutesOf(window.start)
    // Skip what cannot send: to the opening of this day, else to the next midnight.
    w = m < start ? d * day + start * minute : (d + 1) * day
  }
  throw new Error('oracle found no sending minute')
}

const firstSendingInstant = (window: SendWindow, zone: string, wall: number) =>
  instantsOf(firstSendingWall(window, zone, wall), zone)[0]!

// ─── Arbitraries ───────────────────────────────────────────────────────────────────────────────

const stepArb = fc.record({
  before: fc.boolean(),
  days: fc.integer({ min: 0, max: 30 }),
  // Half of the send times among the small hours, where the clocks change (02:00–03:45 local).
  minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 90, max: 300 })),
  alive: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
})

const windowArb: fc.Arbitrary<SendWindow> = fc.oneof(
  fc.constant(defaultSendWindow),
  fc.constant(always),
  fc
    .record({
      start: fc.integer({ min: 0, max: 23 * 60 }),
      length: fc.integer({ min: 15, max: 24 * 60 }),
      weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7] as IsoWeekday[], { minLength: 1 }),
    })
    .map(({ start, length, weekdays }) => {
      const end = Math.min(start + length, 24 * 60)
      return { start: hhmm(start), end: end === 24 * 60 ? '24:00' : hhmm(end), weekdays }
    }),
)

const caseArb = fc.record({
  zone: fc.constantFrom(...zones),
  // Near a change of the clocks (the steps reach ±30 days), or any day of 2025–2027.
  nearChange: fc.boolean(),
  changeIndex: fc.nat(),
  shift: fc.integer({ min: -35, max: 35 }),
  anyDay: fc.integer({ min: dayNumber('2025-01-01'), max: dayNumber('2027-12-31') }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 6 }),
  window: windowArb,
})

type StepCase = { before: boolean; days: number; minute: number; alive: boolean }

const toLadder = (steps: StepCase[]): LadderStep[] =>
  steps.map((s, i) => ({
    title: `step ${i}`,
    is_alive: s.alive,
    time: { sender_type: s.before ? 1 : 2, value: s.days },
    send_time: hhmm(s.minute),
    period: null,
    penalty: null,
  }))

describe('ladder planning (property, five zones, both changes of the clocks)', () => {
  it('sends every step at its local minute or the window’s next sending minute, none skipped or doubled, in order', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const changes = changeDays[c.zone]!
        const due =
          c.nearChange && changes.length > 0 ? changes[c.changeIndex % changes.length]! + c.shift : c.anyDay
        const ladder = toLadder(c.steps)
        const schedule: Schedule = { time_zone: c.zone, window: c.window }
        const plan = planLadder(
          ladder,
          { due_date: dateOf(due), open_amount: { amount: 0n, currency: 'EUR' } },
          schedule,
        )

        // None skipped, none doubled: one row per alive step.
        const alive = ladder.flatMap((s, i) => (s.is_alive ? [i] : []))
        expect(plan.map((p) => p.step).sort((a, b) => a - b)).toEqual(alive)
        expect(plan.map((p) => p.order)).toEqual(plan.map((_, i) => i))

        let previous = Number.NEGATIVE_INFINITY
        for (const p of plan) {
          const s = c.steps[p.step]!
          const nominal = (due + (s.before ? -s.days : s.days)) * day + s.minute * minute
          expect([p.nominal_date, p.nominal_time]).toEqual([
            dateOf(Math.floor(nominal / day)),
            hhmm(s.minute),
          ])

          // The oracle: the first sending minute at or after the nominal one (first occurrence),
          // or, when that meets the previous step, the first sending instant a minute after it.
          let expected = firstSendingInstant(c.window, c.zone, nominal)
          if (expected < previous + minute) {
            const next = previous + minute
            expected = sends(c.window, wallOf(next, c.zone))
              ? next
              : firstSendingInstant(c.window, c.zone, wallOf(next, c.zone))
          }
          const at = p.planned_at.getTime()
          expect(at).toBe(expected)

          // Inside the window, and the local date and time are the instant's wall clock.
          const wall = wallOf(at, c.zone)
          expect(sends(c.window, wall)).toBe(true)
          expect([p.local_date, p.local_time]).toEqual([
            dateOf(Math.floor(wall / day)),
            hhmm((wall - Math.floor(wall / day) * day) / minute),
          ])

          // At its configured local minute when that is in the window and exists (and no earlier
          // step is in the way); at the window's opening when only the window moved it.
          const onTime = sends(c.window, nominal) && instantsOf(nominal, c.zone).length > 0
          if (onTime && !p.moved.includes('spacing')) {
            expect([p.local_date, p.local_time]).toEqual([p.nominal_date, p.nominal_time])
            expect(at).toBe(instantsOf(nominal, c.zone)[0])
          }
          if (p.moved.length === 0) expect(onTime).toBe(true)
          if (p.moved.join() === 'window') expect(p.local_time).toBe(c.window.start)

          // Order kept, a minute apart.
          expect(at % minute).toBe(0)
          expect(at).toBeGreaterThanOrEqual(previous + minute)
          previous = at
        }
      }),
      { numRuns: 1500 },
    )
  })

  it('maps every minute of each day the clocks change once, in order, none skipped or doubled', () => {
    for (const zone of zones) {
      for (const d of changeDays[zone]!.filter((n) => dateOf(n).startsWith('2026'))) {
        const date = dateOf(d)
        const dayStart = startOfDay(date, zone).getTime()
        const dayEnd = startOfDay(dateOf(d + 1), zone).getTime()
        const instants: number[] = []
        for (let m = 0; m < 1440; m++) {
          const [p] = planLadder(
            toLadder([{ before: false, days: 0, minute: m, alive: true }]),
            { due_date: date, open_amount: { amount: 0n, currency: 'EUR' } },
            { time_zone: zone, window: always },
          )
          expect(p!.local_date).toBe(date)
          instants.push(p!.planned_at.getTime())
        }
        const distinct = [...new Set(instants)]
        expect(instants).toEqual([...instants].sort((a, b) => a - b))
        const length = (dayEnd - dayStart) / minute
        if (length < 1440) {
          // A short day: every one of its real minutes is planned (the gap's minutes at its end).
          expect(distinct).toEqual(Array.from({ length }, (_, k) => dayStart + k * minute))
        } else {
          // A long day: each configured minute has its own instant, the first pass of the repeat.
          expect(length).toBeGreaterThan(1440)
          expect(distinct.length).toBe(1440)
          expect(new Set(distinct.map((t) => wallOf(t, zone))).size).toBe(1440)
        }
      }
    }
  })
})

describe('catch-up (property)', () => {
  it('sends each bill’s reminders in ladder order, a minute apart, none early, none before now', () => {
    const base = Date.parse('2026-10-20T00:00:00Z')
    const pendingArb = fc.array(
      fc.record({
        bill_id: fc.constantFrom('a', 'b', 'c'),
        planned: fc.integer({ min: 0, max: 10 * 24 * 60 }),
        scheduled: fc.boolean(),
      }),
      { maxLength: 20 },
    )
    fc.assert(
      fc.property(
        pendingArb,
        fc.integer({ min: 0, max: 10 * 24 * 60 * 60 }),
        fc.constantFrom(...zones),
        (items, nowSeconds, zone) => {
          const schedule: Schedule = { time_zone: zone, window: defaultSendWindow }
          // Ladder order follows planned time, as planning makes it.
          const counters = new Map<string, number>()
          const pending: PendingReminder[] = [...items]
            .sort((x, y) => x.planned - y.planned)
            .map((x) => {
              const order = counters.get(x.bill_id) ?? 0
              counters.set(x.bill_id, order + 1)
              return {
                bill_id: x.bill_id,
                order,
                planned_at: new Date(base + x.planned * minute),
                schedule: x.scheduled ? schedule : undefined,
              }
            })
          const now = base + nowSeconds * 1000
          const sent = catchUp([...pending].reverse(), new Date(now))
          expect(sent.length).toBe(pending.length)
          expect(sent.map((s) => s.send_at.getTime())).toEqual(
            sent.map((s) => s.send_at.getTime()).sort((a, b) => a - b),
          )
          for (const bill of counters.keys()) {
            const mine = sent.filter((s) => s.bill_id === bill)
            expect(mine.map((s) => s.order)).toEqual(mine.map((_, i) => i))
            mine.forEach((s, i) => {
              const at = s.send_at.getTime()
              expect(at).toBeGreaterThanOrEqual(s.planned_at.getTime())
              expect(at).toBeGreaterThanOrEqual(now)
              if (i > 0) expect(at).toBeGreaterThanOrEqual(mine[i - 1]!.send_at.getTime() + minute)
              if (s.schedule) expect(sends(defaultSendWindow, wallOf(at, zone))).toBe(true)
              expect(s.late).toBe(at > s.planned_at.getTime())
            })
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
