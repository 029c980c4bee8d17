/**
 * The reminder-ladder planner (issue 13): when each reminder of a bill is sent, what penalty it
 * adds and what the bill then comes to. Pure functions: no database, no clock (callers pass
 * `now`), no queue. The rules are written down in docs/credit.md; in short:
 *
 * 1. **Nominal moment.** A step is due `time.value` days before (sender_type 1) or after
 *    (sender_type 2) the bill's due date, at its local `send_time`, in the holder's time zone (the
 *    program's when the holder has none: the caller picks, see `planningZone`).
 * 2. **Window.** A step is sent at the first local minute, at or after its nominal moment, that
 *    lies in the program's send window (a sending weekday, `start` ≤ time < `end`) and exists in
 *    the zone. So a step before `start` moves to that day's opening; one at or after `end`, or on a
 *    day without sending, to the next sending day's opening.
 * 3. **Daylight saving.** A local time that does not exist (the gap when clocks go forward) moves
 *    to the first minute after the gap (02:30 → 03:00 in Amsterdam); a local time that happens
 *    twice (clocks go back) is sent at its first occurrence. Both keep the ladder's order.
 * 4. **Spacing.** Steps of one bill are sent in ladder order, at least one minute apart: a step
 *    that would land at or within a minute after the previous one moves to one minute after it
 *    (or the window's next opening when that minute falls outside the window).
 * 5. **Penalty.** A fixed amount, or a percentage of the bill's open amount, rounded to the minor
 *    unit half away from zero (0.5 cent → 1 cent); none when nothing is open. The running total is
 *    the open amount plus the penalties of this and all earlier steps.
 *
 * Catch-up (`catchUp`): reminders whose moment passed while workers or Redis were down are sent
 * when they come back, per bill in ladder order, never two of one bill in the same minute, and in
 * the window when the reminder carries its schedule.
 */
import { isCalendarDate, offsetAt } from '../platform/dates.ts'
import type { Money } from '../platform/money.ts'

const minuteMs = 60_000
const hourMs = 60 * minuteMs
const dayMs = 24 * hourMs

/**
 * When a reminder is sent relative to the due date: the codes `manager/commons/reminder-sender-types`
 * serves (1 before, 2 after; `time.value` is a number of days).
 */
export const reminderSenderTypes = { beforeDueDate: 1, afterDueDate: 2 } as const
export type ReminderSenderType = (typeof reminderSenderTypes)[keyof typeof reminderSenderTypes]

/** How a penalty is given: the value types of `manager/commons/value-types` (1 amount, 2 percent). */
export const penaltyValueTypes = { amount: 1, percent: 2 } as const

/**
 * The unit of a reminder's `period` (spec section 3: "type and value, in days"): the specification's
 * day code (11, as for card expiries). The period is the payment term the reminder states ("pay
 * within 14 days"); the plan shows its end as `pay_by`.
 */
export const reminderPeriodTypes = { day: 11 } as const

/** A local wall-clock time, `HH:MM` (00:00–23:59; a window's `end` may be `24:00`). */
export type LocalTime = string

/** ISO weekday: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

/** The reminder's `time` (spec): before or after the due date, by `value` days. */
export interface ReminderTime {
  sender_type: ReminderSenderType
  value: number
}

export interface ReminderPeriod {
  type: (typeof reminderPeriodTypes)['day']
  value: number
}

/**
 * A step's penalty: a fixed amount in the bill's currency, or a percentage of the open amount as a
 * decimal string with at most four decimals ("1.5" is 1.5 %), so no float ever meets the money.
 */
export type Penalty =
  | { value_type: (typeof penaltyValueTypes)['amount']; amount: Money }
  | { value_type: (typeof penaltyValueTypes)['percent']; percent: string }

/** One step of a program's reminder ladder, in the specification's field names. */
export interface LadderStep {
  title: string
  /** A step that is not alive is not planned (it stays in the ladder, switched off). */
  is_alive: boolean
  time: ReminderTime
  /** The local time of day the step is sent at, in the holder's zone. */
  send_time: LocalTime
  period: ReminderPeriod | null
  penalty: Penalty | null
}

/** When reminders may go out, in local time: `start` ≤ time < `end` on the listed weekdays. */
export interface SendWindow {
  start: LocalTime
  end: LocalTime
  weekdays: readonly IsoWeekday[]
}

/** The window a program has unless it sets its own: office hours on working days. */
export const defaultSendWindow: SendWindow = { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5] }

/**
 * Where and when a bill's reminders go out: the zone to plan in and the program's window. A value:
 * compiled once per object, so change a schedule by making a new one.
 */
export interface Schedule {
  /** IANA zone: the holder's, else the program's (`planningZone`). */
  time_zone: string
  window: SendWindow
}

/** What the planner needs of a bill. */
export interface BillToPlan {
  /** The due date, a local calendar date (YYYY-MM-DD) in the schedule's zone. */
  due_date: string
  open_amount: Money
}

/** Why a step is not sent at its nominal local moment. */
export type Move = 'window' | 'dst_gap' | 'spacing'

/** One (bill, step) row of the plan. */
export interface PlannedStep {
  /** The step's position in the ladder as configured (0-based). */
  step: number
  /** Its rank in ladder order (0-based): the order steps are sent and penalties add up in. */
  order: number
  title: string
  /** The configured moment: due date ± days, at the step's send time. */
  nominal_date: string
  nominal_time: LocalTime
  /** The planned instant (UTC). */
  planned_at: Date
  /** The planned instant on the holder's wall clock. */
  local_date: string
  local_time: LocalTime
  /** Empty when sent at the nominal moment; else each rule that moved it. */
  moved: readonly Move[]
  /** The last day of the payment term the reminder states (`period`), or null. */
  pay_by: string | null
  penalty: Money
  /** Open amount plus the penalties of this step and every earlier one. */
  running_total: Money
}

/** The zone a holder's reminders are planned in: the holder's own, else the program's. */
export function planningZone(holderZone: string | null | undefined, programZone: string): string {
  return holderZone?.trim() || programZone
}

/**
 * Plans every alive step of a ladder for one bill: the program preview (with an example bill) and
 * the rows the reminder worker sends from. Returned in ladder order.
 */
export function planLadder(
  ladder: readonly LadderStep[],
  bill: BillToPlan,
  schedule: Schedule,
): PlannedStep[] {
  return ladderPlanner(ladder, schedule)(bill)
}

/**
 * Checks and compiles a ladder and a schedule once, for planning many bills with them (a program's
 * bills in one zone). Throws RangeError on a ladder or window that cannot be planned.
 */
export function ladderPlanner(
  ladder: readonly LadderStep[],
  schedule: Schedule,
): (bill: BillToPlan) => PlannedStep[] {
  const window = compileSchedule(schedule)
  const steps = compileLadder(ladder)
  return (bill) => planBill(steps, window, bill)
}

// ─── Ladder ────────────────────────────────────────────────────────────────────────────────────

interface CompiledStep {
  step: number
  title: string
  /** Days from the due date: negative before it. */
  offsetDays: number
  minute: number
  payDays: number | null
  penalty: Penalty | null
  percent: Fraction | null
}

interface Fraction {
  numerator: bigint
  denominator: bigint
}

/**
 * Ladder order: by day relative to the due date, then send time, then position in the ladder, so
 * the order in which steps are sent, penalised and totalled never depends on how they were listed.
 */
function compileLadder(ladder: readonly LadderStep[]): CompiledStep[] {
  const steps: CompiledStep[] = []
  ladder.forEach((s, step) => {
    if (!s.is_alive) return
    const { sender_type, value } = s.time
    if (
      sender_type !== reminderSenderTypes.beforeDueDate &&
      sender_type !== reminderSenderTypes.afterDueDate
    ) {
      throw new RangeError(`step ${step}: unknown sender_type ${sender_type}`)
    }
    if (!Number.isSafeInteger(value) || value < 0 || value > 3650) {
      throw new RangeError(`step ${step}: time.value must be a whole number of days from 0 to 3650`)
    }
    if (s.period && (s.period.type !== reminderPeriodTypes.day || !isDayCount(s.period.value))) {
      throw new RangeError(`step ${step}: period must be a whole number of days (type 11)`)
    }
    let percent: Fraction | null = null
    if (s.penalty?.value_type === penaltyValueTypes.percent) percent = parsePercent(s.penalty.percent)
    else if (s.penalty?.value_type === penaltyValueTypes.amount && s.penalty.amount.amount < 0n) {
      throw new RangeError(`step ${step}: a penalty amount cannot be negative`)
    } else if (s.penalty && s.penalty.value_type !== penaltyValueTypes.amount) {
      throw new RangeError(`step ${step}: unknown penalty value_type`)
    }
    steps.push({
      step,
      title: s.title,
      offsetDays: sender_type === reminderSenderTypes.beforeDueDate ? -value : value,
      minute: parseTime(s.send_time, false),
      payDays: s.period ? s.period.value : null,
      penalty: s.penalty,
      percent,
    })
  })
  return steps.sort((a, b) => a.offsetDays - b.offsetDays || a.minute - b.minute || a.step - b.step)
}

const isDayCount = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= 3650

// ─── Window and zone ───────────────────────────────────────────────────────────────────────────

interface CompiledWindow {
  zone: string
  start: number
  end: number
  /** Bit n set: ISO weekday n sends. */
  weekdays: number
}

const compiledSchedules = new WeakMap<Schedule, CompiledWindow>()

function compileSchedule(schedule: Schedule): CompiledWindow {
  const known = compiledSchedules.get(schedule)
  if (known) return known
  const { time_zone: zone, window } = schedule
  try {
    offsetAt(new Date(0), zone)
  } catch {
    throw new RangeError(`unknown time zone ${zone}`)
  }
  const start = parseTime(window.start, false)
  const end = parseTime(window.end, true)
  if (start >= end) throw new RangeError('the send window must start before it ends, within one day')
  let weekdays = 0
  for (const d of window.weekdays) {
    if (!Number.isInteger(d) || d < 1 || d > 7) throw new RangeError(`weekday ${d} is not 1 to 7`)
    weekdays |= 1 << d
  }
  if (weekdays === 0) throw new RangeError('the send window needs at least one weekday')
  const compiled = { zone, start, end, weekdays }
  compiledSchedules.set(schedule, compiled)
  return compiled
}

/** `HH:MM` → minutes after midnight; `24:00` only for a window's end. */
function parseTime(value: LocalTime, endOfWindow: boolean): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value)
  if (m) return Number(m[1]) * 60 + Number(m[2])
  if (endOfWindow && value === '24:00') return 24 * 60
  throw new RangeError(`not a local time HH:MM: ${value}`)
}

/** ISO weekday of a day number (days since 1970-01-01, a Thursday). */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1

/**
 * Local wall-clock moments are handled as "wall" milliseconds: the local date and time read as if
 * they were UTC. Day numbers and minutes follow from them without any zone.
 */
function inWindow(w: CompiledWindow, wall: number): boolean {
  const day = Math.floor(wall / dayMs)
  const minute = Math.floor((wall - day * dayMs) / minuteMs)
  return (w.weekdays & (1 << weekdayOf(day))) !== 0 && minute >= w.start && minute < w.end
}

/** The wall moment of the window's first opening at or after `wall` (not yet zone-checked). */
function windowOpeningFrom(w: CompiledWindow, wall: number): number {
  let day = Math.floor(wall / dayMs)
  const minute = Math.floor((wall - day * dayMs) / minuteMs)
  const sends = (d: number) => (w.weekdays & (1 << weekdayOf(d))) !== 0
  if (sends(day) && minute < w.end) return minute < w.start ? day * dayMs + w.start * minuteMs : wall
  do day++
  while (!sends(day))
  return day * dayMs + w.start * minuteMs
}

/**
 * Offsets that hold for a whole local day, by zone and day number (null: the offset changes on or
 * near that day). Most reminders fall on such days, and bills share due dates, so most local
 * times resolve without asking Intl at all. Bounded: cleared when it grows large.
 */
const steadyOffsets = new Map<string, number | null>()

function steadyOffset(zone: string, day: number): number | null {
  const key = `${zone} ${day}`
  const known = steadyOffsets.get(key)
  if (known !== undefined) return known
  // The instants of a local day lie within [midnight − 14 h, next midnight + 12 h] for any offset;
  // equal offsets at both ends of a wider span mean no change in between (changes are months apart).
  const from = offsetAt(new Date(day * dayMs - 15 * hourMs), zone)
  const to = offsetAt(new Date((day + 1) * dayMs + 15 * hourMs), zone)
  const steady = from === to ? from : null
  if (steadyOffsets.size >= 100_000) steadyOffsets.clear()
  steadyOffsets.set(key, steady)
  return steady
}

interface Resolved {
  /** The instant, UTC milliseconds. */
  at: number
  /** Its wall moment: the requested one, or the first minute after a daylight-saving gap. */
  wall: number
}

/**
 * The instant of a local wall moment: the first occurrence when the clock goes back (the moment
 * happens twice), the first minute after the gap when it goes forward (the moment does not exist).
 */
function resolveWall(zone: string, wall: number): Resolved {
  const steady = steadyOffset(zone, Math.floor(wall / dayMs))
  if (steady !== null) return { at: wall - steady, wall }
  // Offsets a day either side are the ones before and after the change near this moment.
  const before = offsetAt(new Date(wall - dayMs), zone)
  const after = offsetAt(new Date(wall + dayMs), zone)
  const atBefore = wall - before
  const atAfter = wall - after
  const validBefore = offsetAt(new Date(atBefore), zone) === before
  const validAfter = offsetAt(new Date(atAfter), zone) === after
  if (validBefore && validAfter) {
    const at = Math.min(atBefore, atAfter)
    return { at, wall }
  }
  if (validBefore) return { at: atBefore, wall }
  if (validAfter) return { at: atAfter, wall }
  // In the gap: the change happens between the two candidates; find its minute. The wall clock
  // reads the gap's end there.
  let lo = Math.min(atBefore, atAfter)
  let hi = Math.max(atBefore, atAfter)
  const target = offsetAt(new Date(hi), zone)
  while (hi - lo > minuteMs) {
    const mid = lo + Math.max(1, Math.floor((hi - lo) / 2 / minuteMs)) * minuteMs
    if (offsetAt(new Date(mid), zone) === target) hi = mid
    else lo = mid
  }
  return { at: hi, wall: hi + target }
}

/**
 * The first moment at or after a wall moment that is in the window and exists in the zone, with
 * the rules that moved it. A gap can push a moment past the window's end: then on to the next
 * opening (at most a few rounds; the guard only stops a window that can never be met).
 */
function placeWall(w: CompiledWindow, wall: number, moved: Move[]): Resolved {
  let target = wall
  for (let round = 0; round < 8; round++) {
    const opening = windowOpeningFrom(w, target)
    if (opening !== target) addMove(moved, 'window')
    const resolved = resolveWall(w.zone, opening)
    if (resolved.wall === opening) return resolved
    addMove(moved, 'dst_gap')
    if (inWindow(w, resolved.wall)) return resolved
    target = resolved.wall
  }
  throw new RangeError(`no moment in the send window after ${new Date(wall).toISOString()}`)
}

/** The first instant at or after `at` whose wall moment is in the window. */
function placeInstant(w: CompiledWindow, at: number, moved: Move[]): Resolved {
  const wall = at + offsetAt(new Date(at), w.zone)
  if (inWindow(w, wall)) return { at, wall }
  const placed = placeWall(w, wall, moved)
  // A later wall moment resolves to an earlier instant only inside a repeated hour (its first
  // occurrence): then the same wall moment's second occurrence, an hour on, is the one wanted.
  return placed.at >= at ? placed : placeInstant(w, placed.at + hourMs, moved)
}

function addMove(moved: Move[], move: Move): void {
  if (!moved.includes(move)) moved.push(move)
}

// ─── Planning ──────────────────────────────────────────────────────────────────────────────────

function planBill(steps: readonly CompiledStep[], w: CompiledWindow, bill: BillToPlan): PlannedStep[] {
  if (!isCalendarDate(bill.due_date)) throw new RangeError(`not a calendar date: ${bill.due_date}`)
  const dueDay = Date.parse(bill.due_date) / dayMs
  const currency = bill.open_amount.currency
  let total = bill.open_amount.amount
  let previous = Number.NEGATIVE_INFINITY
  return steps.map((s, order) => {
    const nominal = (dueDay + s.offsetDays) * dayMs + s.minute * minuteMs
    const moved: Move[] = []
    let placed = placeWall(w, nominal, moved)
    if (placed.at < previous + minuteMs) {
      moved.push('spacing')
      placed = placeInstant(w, previous + minuteMs, moved)
    }
    previous = placed.at
    const penalty = penaltyAmount(s, bill.open_amount)
    total += penalty
    const localDay = Math.floor(placed.wall / dayMs)
    return {
      step: s.step,
      order,
      title: s.title,
      nominal_date: dateOf(dueDay + s.offsetDays),
      nominal_time: timeOf(s.minute),
      planned_at: new Date(placed.at),
      local_date: dateOf(localDay),
      local_time: timeOf(Math.floor((placed.wall - localDay * dayMs) / minuteMs)),
      moved,
      pay_by: s.payDays === null ? null : dateOf(localDay + s.payDays),
      penalty: { amount: penalty, currency },
      running_total: { amount: total, currency },
    }
  })
}

const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10)
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

// ─── Penalties ─────────────────────────────────────────────────────────────────────────────────

function penaltyAmount(s: CompiledStep, open: Money): bigint {
  if (!s.penalty) return 0n
  if (s.penalty.value_type === penaltyValueTypes.amount) {
    if (s.penalty.amount.currency !== open.currency) {
      throw new RangeError(`penalty in ${s.penalty.amount.currency} on a bill in ${open.currency}`)
    }
    return s.penalty.amount.amount
  }
  return percentOf(open.amount, s.percent!)
}

/**
 * A percentage of an open amount in minor units, rounded half away from zero (as a person with a
 * calculator expects, and as the cards module rounds VAT); nothing when nothing is open. Exact:
 * integer arithmetic on the decimal percentage.
 */
export function percentPenalty(open: Money, percent: string): Money {
  return { amount: percentOf(open.amount, parsePercent(percent)), currency: open.currency }
}

function percentOf(amount: bigint, percent: Fraction): bigint {
  if (amount <= 0n) return 0n
  return divideHalfAwayFromZero(amount * percent.numerator, percent.denominator)
}

/** `"1.25"` → 125 / 10000: a percentage from 0 to 100 with at most four decimals. */
function parsePercent(percent: string): Fraction {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent)
  if (!m) throw new RangeError(`not a percentage with at most four decimals: ${percent}`)
  const decimals = m[2] ?? ''
  const numerator = BigInt(m[1]! + decimals)
  const denominator = 100n * 10n ** BigInt(decimals.length)
  if (numerator > denominator) throw new RangeError(`a penalty percentage is at most 100: ${percent}`)
  return { numerator, denominator }
}

/** n / d rounded to the nearest integer, halves away from zero (2.5 → 3, −2.5 → −3). */
export function divideHalfAwayFromZero(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero')
  const q = n / d // truncates toward zero
  const r = n % d
  const abs = (x: bigint) => (x < 0n ? -x : x)
  if (2n * abs(r) < abs(d)) return q
  return n < 0n !== d < 0n ? q - 1n : q + 1n
}

// ─── Catch-up ──────────────────────────────────────────────────────────────────────────────────

/** A planned reminder not sent yet, as the reminder worker reads it back. */
export interface PendingReminder {
  bill_id: string
  /** Rank in ladder order (`PlannedStep.order`). */
  order: number
  planned_at: Date
  /** The bill's schedule: with it, a caught-up reminder waits for the window. */
  schedule?: Schedule | undefined
}

export type CaughtUpReminder<T extends PendingReminder> = T & {
  /** When to send it. */
  send_at: Date
  /** Whether it goes later than planned. */
  late: boolean
}

/**
 * When each pending reminder goes out after an outage (workers or Redis down), given the moment
 * they came back. Per bill in ladder order, each reminder is sent at the latest of: its planned
 * instant; `now` rounded up to the whole minute; one minute after the bill's previous reminder;
 * then, when it carries its schedule, moved into the send window as planning does. So missed
 * reminders go in ladder order, never two of one bill in the same minute, and a reminder still to
 * come is pushed back only as far as that takes. Returned in sending order (time, bill, order).
 */
export function catchUp<T extends PendingReminder>(pending: readonly T[], now: Date): CaughtUpReminder<T>[] {
  const byBill = new Map<string, T[]>()
  for (const p of pending) {
    const list = byBill.get(p.bill_id)
    if (list) list.push(p)
    else byBill.set(p.bill_id, [p])
  }
  const resumed = Math.ceil(now.getTime() / minuteMs) * minuteMs
  const out: CaughtUpReminder<T>[] = []
  for (const [bill, list] of byBill) {
    list.sort((a, b) => a.order - b.order || a.planned_at.getTime() - b.planned_at.getTime())
    let previous = Number.NEGATIVE_INFINITY
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!
      if (i > 0 && list[i - 1]!.order === p.order) {
        throw new RangeError(`bill ${bill} has step ${p.order} pending twice`)
      }
      const planned = p.planned_at.getTime()
      let at = Math.max(planned, resumed, previous + minuteMs)
      if (p.schedule) at = placeInstant(compileSchedule(p.schedule), at, []).at
      previous = at
      out.push({ ...p, send_at: new Date(at), late: at > planned })
    }
  }
  return out.sort(
    (a, b) =>
      a.send_at.getTime() - b.send_at.getTime() ||
      (a.bill_id < b.bill_id ? -1 : a.bill_id > b.bill_id ? 1 : 0) ||
      a.order - b.order,
  )
}
