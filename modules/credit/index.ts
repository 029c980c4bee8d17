/**
 * Credit management (program type 2001, docs/credit.md): the reminder ladder and settings of a
 * credit program, bills issued to card holders (gapless numbers, VAT per rate, ledger entries),
 * the reminder engine that sends each (bill, step) exactly once in the holder's zone and window
 * with its penalty, and card holders paying bills through `payments`. Programs, identity, payments
 * and the ledger are used through their public surfaces only.
 */
import { audienceSources } from '../feed/index.ts'
import { alwaysRefundable, payableRefunds } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { programStatuses, programStepChecks, programTypes, type StepCheck } from '../programs/index.ts'
import { billPayable } from './codes.ts'
import { ladderSteps } from './db/programs.ts'
import { creditErrors } from './errors.ts'
import { registerCreditRoutes } from './http/routes.ts'
import {
  markOverdue,
  notifyRemindersStopped,
  onBillPaymentEnded,
  onBillPaymentPaid,
  onBillPaymentRefunded,
  replanProgram,
  sendBillIssued,
} from './jobs/bills.ts'
import { fireReminders, sweepReminders } from './jobs/reminders.ts'
import './mail/index.ts'
import { billAudienceSource } from './queries/held-programs.ts'

export { type BillStatus, billPayable, billStatuses } from './codes.ts'
export { billArchived, billIssued, billPaid, ladderChanged, remindersStopped } from './events.ts'

/**
 * A credit program's steps (spec section 4): its settings (made with defaults on first use) for
 * draftStep2; a ladder with at least one reminder switched on for draftStep3 and activation, also
 * when the owner moves the program through PATCH programs.
 */
const creditProgramSteps: StepCheck = async (db, programId, to) => {
  if (to === programStatuses.draftStep2) return null
  const steps = await ladderSteps(db, programId)
  if (steps.some((s) => s.is_alive)) return null
  return { reason: 'ladder_invalid', message: 'the reminder ladder needs at least one reminder switched on' }
}

export const creditModule = defineModule({
  name: 'credit',
  errors: creditErrors,
  provides: [
    provide(programStepChecks, { type: programTypes.creditManagement, check: creditProgramSteps }),
    // Holders of a bill that is not archived see the program's card-holder posts (docs/feed.md).
    provide(audienceSources, billAudienceSource),
    // The owner may refund a bill's payment (also of an archived bill); the bill counts the refund
    // when it succeeds (`payments.payment.refunded`, docs/credit.md "Refunds").
    provide(payableRefunds, { kind: billPayable, rule: alwaysRefundable }),
  ],
  routes: (app) => registerCreditRoutes(app),
  handlers: [
    onBillPaymentPaid,
    onBillPaymentRefunded,
    onBillPaymentEnded,
    replanProgram,
    notifyRemindersStopped,
    sendBillIssued,
  ],
  jobs: [sweepReminders, fireReminders, markOverdue],
})
