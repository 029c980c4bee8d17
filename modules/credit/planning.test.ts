import { describe, expect, it } from 'vitest'
import { startOfDay } from '../platform/dates.ts'
import type { Money } from '../platform/money.ts'
import {
  catchUp,
  defaultSendWindow,
  divideHalfAwayFromZero,
  type LadderStep,
  type LocalTime,
  type Penalty,
  type PlannedStep,
  percentPenalty,
  planLadder,
  planningZone,
  type Schedule,
  type SendWindow,
} from './planning.ts'

const eur = (amount: number | bigint): Money => ({ amount: BigInt(amount), currency: 'EUR' })
const amsterdam = 'Europe/Amsterdam'
const always: SendWindow = { start: '00:00', end: '24:00', weekdays: [1, 2, 3, 4, 5, 6, 7] }
const schedule = (window: SendWindow = defaultSendWindow, time_zone = amsterdam): Schedule => ({
  time_zone,
  window,
})

function step(
  days: number,
  send_time: LocalTime,
  more: Partial<LadderStep> & { penalty?: Penalty | null } = {},
): LadderStep {
  return {
    title: `${days} days at ${send_time}`,
    is_alive: true,
    time: { sender_type: days < 0 ? 1 : 2, value: Math.abs(days) },
    send_time,
    period: null,
    penalty: null,
    ...more,
  }
}

/** One step planned for a bill due on `due`: [local date, local time, UTC instant, moves]. */
function one(due: string, days: number, time: LocalTime, s: Schedule = schedule()) {
  const [p] = planLadder([step(days, time)], { due_date: due, open_amount: eur(1000) }, s)
  return brief(p!)
}

const brief = (p: PlannedStep) => [p.local_date, p.local_time, p.planned_at.toISOString(), p.moved.join(',')]

describe('the nominal moment', () => {
  it('counts days before (sender type 1) and after (2) the due date, across month and year ends', () => {
    // 2026-12-30 is a Wednesday.
    expect(one('2026-12-30', -3, '10:00', schedule(always))).toEqual([
      '2026-12-27',
      '10:00',
      '2026-12-27T09:00:00.000Z',
      '',
    ])
    expect(one('2026-12-30', 3, '10:00', schedule(always))).toEqual([
      '2027-01-02',
      '10:00',
      '2027-01-02T09:00:00.000Z',
      '',
    ])
    expect(one('2026-12-30', 0, '10:00', schedule(always))[0]).toBe('2026-12-30')
    expect(one('2028-02-27', 2, '10:00', schedule(always))[0]).toBe('2028-02-29')
  })

  it('reads the send time on the holder’s wall clock: a different UTC day in Kolkata and Chatham', () => {
    // 01:00 in Kolkata (+05:30) is 19:30 UTC the day before.
    expect(one('2026-06-10', 0, '01:00', schedule(always, 'Asia/Kolkata'))).toEqual([
      '2026-06-10',
      '01:00',
      '2026-06-09T19:30:00.000Z',
      '',
    ])
    // 10:00 in Chatham in winter (+12:45) is 21:15 UTC the day before.
    expect(one('2026-06-10', 0, '10:00', schedule(always, 'Pacific/Chatham'))[2]).toBe(
      '2026-06-09T21:15:00.000Z',
    )
    expect(one('2026-06-10', 0, '23:30', schedule(always, 'America/New_York'))[2]).toBe(
      '2026-06-11T03:30:00.000Z',
    )
  })

  it('plans in the holder’s zone, the program’s when the holder has none', () => {
    expect(planningZone('Asia/Kolkata', amsterdam)).toBe('Asia/Kolkata')
    expect(planningZone(null, amsterdam)).toBe(amsterdam)
    expect(planningZone(' ', amsterdam)).toBe(amsterdam)
  })
})

describe('the send window (09:00–18:00, Monday to Friday)', () => {
  // 2026-06-10 is a Wednesday.
  it('keeps a step inside the window, start included', () => {
    expect(one('2026-06-10', 0, '09:00')).toEqual(['2026-06-10', '09:00', '2026-06-10T07:00:00.000Z', ''])
    expect(one('2026-06-10', 0, '17:59')).toEqual(['2026-06-10', '17:59', '2026-06-10T15:59:00.000Z', ''])
  })

  it('moves a step before the opening to that day’s opening', () => {
    expect(one('2026-06-10', 0, '06:15')).toEqual([
      '2026-06-10',
      '09:00',
      '2026-06-10T07:00:00.000Z',
      'window',
    ])
  })

  it('moves a step at or after the end, across midnight, to the next day’s opening', () => {
    expect(one('2026-06-10', 0, '18:00')).toEqual([
      '2026-06-11',
      '09:00',
      '2026-06-11T07:00:00.000Z',
      'window',
    ])
    expect(one('2026-06-10', 0, '23:59')).toEqual([
      '2026-06-11',
      '09:00',
      '2026-06-11T07:00:00.000Z',
      'window',
    ])
  })

  it('moves a Friday evening, Saturday or Sunday step to Monday’s opening', () => {
    expect(one('2026-06-12', 0, '19:00')[0]).toBe('2026-06-15')
    expect(one('2026-06-13', 0, '10:00')[0]).toBe('2026-06-15')
    expect(one('2026-06-14', 0, '08:00')).toEqual([
      '2026-06-15',
      '09:00',
      '2026-06-15T07:00:00.000Z',
      'window',
    ])
  })

  it('follows a program’s own window: weekends only, late hours', () => {
    const weekends = schedule({ start: '20:00', end: '24:00', weekdays: [6, 7] })
    expect(one('2026-06-10', 0, '21:00', weekends)).toEqual([
      '2026-06-13',
      '20:00',
      '2026-06-13T18:00:00.000Z',
      'window',
    ])
    expect(one('2026-06-14', 0, '23:59', weekends)).toEqual([
      '2026-06-14',
      '23:59',
      '2026-06-14T21:59:00.000Z',
      '',
    ])
  })

  it('refuses windows and times it cannot plan', () => {
    const plan = (s: Schedule, time = '10:00') =>
      planLadder([step(1, time)], { due_date: '2026-06-10', open_amount: eur(1) }, s)
    expect(() => plan(schedule({ start: '18:00', end: '09:00', weekdays: [1] }))).toThrow(RangeError)
    expect(() => plan(schedule({ start: '09:00', end: '09:00', weekdays: [1] }))).toThrow(RangeError)
    expect(() => plan(schedule({ start: '09:00', end: '18:00', weekdays: [] }))).toThrow(RangeError)
    expect(() => plan(schedule({ start: '09:00', end: '18:00', weekdays: [0 as 1] }))).toThrow(RangeError)
    expect(() => plan(schedule(defaultSendWindow, 'Europe/Nowhere'))).toThrow(/time zone/)
    expect(() => plan(schedule(), '24:00')).toThrow(RangeError)
    expect(() => plan(schedule(), '9:00')).toThrow(RangeError)
    expect(() =>
      planLadder([step(1, '10:00')], { due_date: '2026-02-30', open_amount: eur(1) }, schedule()),
    ).toThrow(RangeError)
  })
})

describe('daylight saving in Europe/Amsterdam', () => {
  // Sunday 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC). Sunday 25 October 2026:
  // 03:00 CEST becomes 02:00 CET (01:00 UTC), so 02:00–02:59 happens twice.
  const sunday = (window: Partial<SendWindow> = {}) => schedule({ ...always, ...window })

  it('moves a time in the spring gap to the first minute after it', () => {
    expect(one('2026-03-29', 0, '01:59', sunday())).toEqual([
      '2026-03-29',
      '01:59',
      '2026-03-29T00:59:00.000Z',
      '',
    ])
    for (const time of ['02:00', '02:30', '02:59']) {
      expect(one('2026-03-29', 0, time, sunday())).toEqual([
        '2026-03-29',
        '03:00',
        '2026-03-29T01:00:00.000Z',
        'dst_gap',
      ])
    }
    expect(one('2026-03-29', 0, '03:00', sunday())).toEqual([
      '2026-03-29',
      '03:00',
      '2026-03-29T01:00:00.000Z',
      '',
    ])
    expect(one('2026-03-29', 0, '10:00', sunday())[2]).toBe('2026-03-29T08:00:00.000Z')
  })

  it('moves a window opening in the gap, and a window wholly in it to its next day', () => {
    expect(one('2026-03-29', 0, '01:00', sunday({ start: '02:30' }))).toEqual([
      '2026-03-29',
      '03:00',
      '2026-03-29T01:00:00.000Z',
      'window,dst_gap',
    ])
    // 02:00–03:00 on Sundays does not exist on 29 March: the next Sunday's window.
    expect(one('2026-03-29', 0, '02:15', sunday({ start: '02:00', end: '03:00', weekdays: [7] }))).toEqual([
      '2026-04-05',
      '02:00',
      '2026-04-05T00:00:00.000Z',
      'dst_gap,window',
    ])
  })

  it('sends a repeated autumn time at its first occurrence', () => {
    expect(one('2026-10-25', 0, '01:59', sunday())[2]).toBe('2026-10-24T23:59:00.000Z')
    expect(one('2026-10-25', 0, '02:00', sunday())).toEqual([
      '2026-10-25',
      '02:00',
      '2026-10-25T00:00:00.000Z',
      '',
    ])
    expect(one('2026-10-25', 0, '02:30', sunday())[2]).toBe('2026-10-25T00:30:00.000Z')
    expect(one('2026-10-25', 0, '02:59', sunday())[2]).toBe('2026-10-25T00:59:00.000Z')
    expect(one('2026-10-25', 0, '03:00', sunday())[2]).toBe('2026-10-25T02:00:00.000Z')
  })

  it('spaces a step after 02:59 into the repeated hour: the real next minute', () => {
    const plan = planLadder(
      [step(0, '02:59'), step(0, '02:59')],
      { due_date: '2026-10-25', open_amount: eur(1) },
      sunday(),
    )
    expect(plan.map(brief)).toEqual([
      ['2026-10-25', '02:59', '2026-10-25T00:59:00.000Z', ''],
      ['2026-10-25', '02:00', '2026-10-25T01:00:00.000Z', 'spacing'],
    ])
  })

  it('plans each of the 1440 configured minutes once on the 23- and the 25-hour day', () => {
    for (const [date, gapMinutes] of [
      ['2026-03-29', 60],
      ['2026-10-25', 0],
    ] as const) {
      const instants: number[] = []
      for (let minute = 0; minute < 1440; minute++) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
        const [p] = planLadder([step(0, time)], { due_date: date, open_amount: eur(1) }, sunday())
        expect(p!.local_date).toBe(date)
        if (p!.moved.length === 0) expect(p!.local_time).toBe(time)
        else expect([p!.local_time, p!.moved]).toEqual(['03:00', ['dst_gap']])
        instants.push(p!.planned_at.getTime())
      }
      // In order; on the 23-hour day the gap's 60 minutes all become 03:00, so the plan meets
      // every real minute of the day exactly once; on the 25-hour day every configured minute is
      // its own instant (the repeated hour's second pass is not planned).
      expect(instants).toEqual([...instants].sort((a, b) => a - b))
      expect(new Set(instants).size).toBe(1440 - gapMinutes)
      if (gapMinutes) {
        const start = startOfDay(date, amsterdam).getTime()
        expect([...new Set(instants)]).toEqual(Array.from({ length: 1380 }, (_, k) => start + k * 60_000))
      }
    }
  })
})

describe('ladder order and spacing', () => {
  it('plans alive steps in ladder order, whatever order they are listed in', () => {
    const ladder = [
      step(14, '10:00', { title: 'formal' }),
      step(-3, '10:00', { title: 'friendly' }),
      step(7, '11:00', { title: 'late', is_alive: false }),
      step(7, '10:00', { title: 'reminder' }),
    ]
    const plan = planLadder(ladder, { due_date: '2026-06-10', open_amount: eur(1) }, schedule())
    expect(plan.map((p) => [p.title, p.step, p.order])).toEqual([
      ['friendly', 1, 0],
      ['reminder', 3, 1],
      ['formal', 0, 2],
    ])
  })

  it('sends steps that meet in one minute one minute apart', () => {
    // Saturday, Sunday and Monday 08:00 all roll to Monday 09:00.
    const plan = planLadder(
      [step(3, '10:00'), step(4, '10:00'), step(5, '08:00'), step(5, '08:00')],
      { due_date: '2026-06-10', open_amount: eur(1) },
      schedule(),
    )
    expect(plan.map((p) => [p.local_date, p.local_time, p.moved.join(',')])).toEqual([
      ['2026-06-15', '09:00', 'window'],
      ['2026-06-15', '09:01', 'window,spacing'],
      ['2026-06-15', '09:02', 'window,spacing'],
      ['2026-06-15', '09:03', 'window,spacing'],
    ])
  })

  it('spaces past the window’s end to the next opening', () => {
    const plan = planLadder(
      [step(0, '17:59'), step(0, '17:59')],
      { due_date: '2026-06-12', open_amount: eur(1) },
      schedule(),
    )
    expect(plan.map(brief)).toEqual([
      ['2026-06-12', '17:59', '2026-06-12T15:59:00.000Z', ''],
      ['2026-06-15', '09:00', '2026-06-15T07:00:00.000Z', 'spacing,window'],
    ])
  })

  it('gives the end of the payment term a reminder states (period, in days)', () => {
    const [p] = planLadder(
      [step(7, '20:00', { period: { type: 11, value: 14 } })],
      { due_date: '2026-06-10', open_amount: eur(1) },
      schedule(),
    )
    // Sent Thursday 18 June (Wednesday 17th 20:00 is after the window): pay by 2 July.
    expect([p!.local_date, p!.pay_by]).toEqual(['2026-06-18', '2026-07-02'])
  })
})

describe('penalties', () => {
  const plan = (penalties: (Penalty | null)[], open: Money) =>
    planLadder(
      penalties.map((penalty, i) => step(i + 1, '10:00', { penalty })),
      { due_date: '2026-06-10', open_amount: open },
      schedule(always),
    ).map((p) => [p.penalty.amount, p.running_total.amount])

  it('rounds a percentage of the open amount half away from zero', () => {
    const pct = (open: number | bigint, percent: string) => percentPenalty(eur(open), percent).amount
    expect(pct(250, '1')).toBe(3n) // 2.5 → 3 (banker's rounding would give 2)
    expect(pct(150, '1')).toBe(2n) // 1.5 → 2
    expect(pct(249, '1')).toBe(2n) // 2.49 → 2
    expect(pct(100, '0.5')).toBe(1n) // 0.5 → 1
    expect(pct(99, '0.5')).toBe(0n) // 0.495 → 0
    expect(pct(10001, '1.5')).toBe(150n) // 150.015 → 150
    expect(pct(12345, '12.3456')).toBe(1524n) // 1524.0643… → 1524
    expect(pct(10_000, '100')).toBe(10_000n)
    expect(pct(10_000, '0')).toBe(0n)
    // Exact beyond floating point: 2^60 + 50 cents at 1 %.
    expect(pct(2n ** 60n + 50n, '1')).toBe((2n ** 60n + 50n + 50n) / 100n)
  })

  it('charges no percentage when nothing is open', () => {
    expect(percentPenalty(eur(0), '5').amount).toBe(0n)
    expect(percentPenalty(eur(-500), '5').amount).toBe(0n)
  })

  it('rounds halves away from zero on both sides', () => {
    expect(divideHalfAwayFromZero(5n, 2n)).toBe(3n)
    expect(divideHalfAwayFromZero(-5n, 2n)).toBe(-3n)
    expect(divideHalfAwayFromZero(7n, 3n)).toBe(2n)
    expect(divideHalfAwayFromZero(-7n, 3n)).toBe(-2n)
    expect(divideHalfAwayFromZero(8n, -3n)).toBe(-3n)
    expect(() => divideHalfAwayFromZero(1n, 0n)).toThrow(RangeError)
  })

  it('adds fixed and percentage penalties to a running total; percentages of the open amount only', () => {
    expect(
      plan(
        [
          null,
          { value_type: 2, percent: '10' },
          { value_type: 1, amount: eur(1500) },
          { value_type: 2, percent: '10' },
        ],
        eur(10_005),
      ),
    ).toEqual([
      [0n, 10_005n],
      [1001n, 11_006n], // 1000.5 → 1001
      [1500n, 12_506n],
      [1001n, 13_507n], // of the open 100.05, not of the total
    ])
  })

  it('refuses penalties it cannot compute exactly', () => {
    expect(() => plan([{ value_type: 1, amount: { amount: 100n, currency: 'USD' } }], eur(1))).toThrow(/USD/)
    expect(() => plan([{ value_type: 1, amount: eur(-1) }], eur(1))).toThrow(RangeError)
    for (const percent of ['101', '1.23456', '1,5', '-1', 'abc', '']) {
      expect(() => plan([{ value_type: 2, percent }], eur(1))).toThrow(RangeError)
    }
  })
})

describe('catch-up after an outage', () => {
  const at = (iso: string) => new Date(iso)

  it('sends missed reminders of a bill in ladder order, one minute apart, from the next whole minute', () => {
    const sent = catchUp(
      [
        { bill_id: 'b1', order: 2, planned_at: at('2026-06-10T09:00:00Z') },
        { bill_id: 'b1', order: 0, planned_at: at('2026-06-08T09:00:00Z') },
        { bill_id: 'b1', order: 1, planned_at: at('2026-06-09T09:00:00Z') },
      ],
      at('2026-06-11T10:15:30Z'),
    )
    expect(sent.map((s) => [s.order, s.send_at.toISOString(), s.late])).toEqual([
      [0, '2026-06-11T10:16:00.000Z', true],
      [1, '2026-06-11T10:17:00.000Z', true],
      [2, '2026-06-11T10:18:00.000Z', true],
    ])
  })

  it('leaves reminders still to come alone unless a caught-up one is in their minute', () => {
    const sent = catchUp(
      [
        { bill_id: 'b1', order: 0, planned_at: at('2026-06-08T09:00:00Z') },
        { bill_id: 'b1', order: 1, planned_at: at('2026-06-11T10:16:00Z') },
        { bill_id: 'b1', order: 2, planned_at: at('2026-06-20T09:00:00Z') },
        { bill_id: 'b2', order: 0, planned_at: at('2026-06-12T09:00:00Z') },
      ],
      at('2026-06-11T10:16:00Z'),
    )
    expect(sent.map((s) => [s.bill_id, s.order, s.send_at.toISOString(), s.late])).toEqual([
      ['b1', 0, '2026-06-11T10:16:00.000Z', true],
      ['b1', 1, '2026-06-11T10:17:00.000Z', true],
      ['b2', 0, '2026-06-12T09:00:00.000Z', false],
      ['b1', 2, '2026-06-20T09:00:00.000Z', false],
    ])
  })

  it('lets different bills share a minute', () => {
    const sent = catchUp(
      [
        { bill_id: 'b2', order: 0, planned_at: at('2026-06-08T09:00:00Z') },
        { bill_id: 'b1', order: 0, planned_at: at('2026-06-08T09:00:00Z') },
      ],
      at('2026-06-11T10:00:00Z'),
    )
    expect(sent.map((s) => [s.bill_id, s.send_at.toISOString()])).toEqual([
      ['b1', '2026-06-11T10:00:00.000Z'],
      ['b2', '2026-06-11T10:00:00.000Z'],
    ])
  })

  it('waits for the send window when the reminder carries its schedule', () => {
    const s = schedule()
    // Back on Friday 12 June at 23:00 in Amsterdam: Monday's opening.
    const sent = catchUp(
      [
        { bill_id: 'b1', order: 0, planned_at: at('2026-06-12T07:00:00Z'), schedule: s },
        { bill_id: 'b1', order: 1, planned_at: at('2026-06-12T15:59:00Z'), schedule: s },
      ],
      at('2026-06-12T21:00:00Z'),
    )
    expect(sent.map((s) => s.send_at.toISOString())).toEqual([
      '2026-06-15T07:00:00.000Z',
      '2026-06-15T07:01:00.000Z',
    ])
  })

  it('refuses a step pending twice for one bill', () => {
    const p = { bill_id: 'b1', order: 0, planned_at: at('2026-06-08T09:00:00Z') }
    expect(() => catchUp([p, { ...p }], at('2026-06-11T10:00:00Z'))).toThrow(/twice/)
  })
})
