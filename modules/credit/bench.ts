import { currencyExponent } from '../platform/money.ts'
import { defaultSendWindow, type LadderStep, ladderPlanner, type PlannedStep } from './planning.ts'

/**
 * Issue 13's benchmark: planning 100,000 bills with a 4-step ladder, under 60 s. Pure computation,
 * no database: `npm run bench` prints it as its "credit planning" row, and
 * `node modules/credit/bench.ts [bills]` runs it alone. Not part of `npm test`.
 */

/** A usual dunning ladder: a friendly note, a reminder, a formal reminder and a final notice. */
export const benchLadder: readonly LadderStep[] = [
  step('Friendly reminder', 1, 3, '10:00', null),
  step('Payment reminder', 2, 7, '09:30', { value_type: 2, percent: '1.5' }),
  step('Formal reminder', 2, 21, '10:00', { value_type: 1, amount: { amount: 1500n, currency: 'EUR' } }),
  step('Final notice', 2, 35, '08:00', { value_type: 2, percent: '2' }),
]

const benchZones = [
  'Europe/Amsterdam',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Chatham',
]

export interface PlanningBenchResult {
  bills: number
  steps: number
  seconds: number
  stepsPerSecond: number
  /** Sum of the bills' final running totals: proves the work was done (and is deterministic). */
  checksum: bigint
}

/**
 * Plans `bills` bills (due dates spread over 2026 and 2027, so both changes of the clocks fall in
 * the range; holders spread over five zones; open amounts €10 to €2,000) with `benchLadder` and
 * the default window.
 */
export function benchPlanning(opts: { bills: number } = { bills: 100_000 }): PlanningBenchResult {
  const planners = benchZones.map((time_zone) =>
    ladderPlanner(benchLadder, { time_zone, window: defaultSendWindow }),
  )
  const firstDay = Date.parse('2026-01-01') / 86_400_000
  const started = performance.now()
  let steps = 0
  let checksum = 0n
  for (let i = 0; i < opts.bills; i++) {
    // A cheap deterministic spread (Knuth's multiplicative hash), not Math.random: runs compare.
    const h = Math.imul(i + 1, 2_654_435_761) >>> 0
    const due = new Date((firstDay + (h % 730)) * 86_400_000).toISOString().slice(0, 10)
    const plan: PlannedStep[] = planners[i % planners.length]!({
      due_date: due,
      open_amount: { amount: BigInt(1000 + (h % 199_001)), currency: 'EUR' },
    })
    steps += plan.length
    checksum += plan.at(-1)!.running_total.amount
  }
  const seconds = (performance.now() - started) / 1000
  return { bills: opts.bills, steps, seconds, stepsPerSecond: Math.round(steps / seconds), checksum }
}

function step(
  title: string,
  sender_type: 1 | 2,
  value: number,
  send_time: string,
  penalty: LadderStep['penalty'],
): LadderStep {
  return { title, is_alive: true, time: { sender_type, value }, send_time, period: null, penalty }
}

/** The row `npm run bench` prints, and whether it met the target. */
export function describePlanningBench(r: PlanningBenchResult): { line: string; ok: boolean } {
  const ok = r.seconds < 60
  const total = `€${(Number(r.checksum) / 10 ** currencyExponent('EUR')).toFixed(2)}`
  return {
    ok,
    line: `  ${r.bills.toLocaleString('en')} bills × ${benchLadder.length} steps: ${r.seconds.toFixed(2)} s (${r.stepsPerSecond.toLocaleString('en')} steps/s; target < 60 s: ${ok ? 'met' : 'MISSED'}; checksum ${total})`,
  }
}

if (import.meta.main) {
  const bills = Number(process.argv[2] ?? 100_000)
  const { line, ok } = describePlanningBench(benchPlanning({ bills }))
  console.log(`credit planning: ${bills.toLocaleString('en')} bills × ${benchLadder.length} steps\n${line}`)
  if (!ok) process.exitCode = 1
}
