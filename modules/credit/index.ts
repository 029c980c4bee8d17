/**
 * Credit management (program type 2001, docs/credit.md): the reminder ladder and settings of a
 * credit program, bills issued to card holders (gapless numbers, VAT per rate, ledger entries),
 * the reminder engine that sends each (bill, step) exactly once in the holder's zone and window
 * with its penalty, and card holders paying bills through `payments`. Programs, identity, payments
 * and the ledger are used through their public surfaces only.
 */
import { defineModule } from '../platform/module.ts'
import { creditErrors } from './errors.ts'
import { registerCreditRoutes } from './http/routes.ts'
import {
  markOverdue,
  notifyRemindersStopped,
  onBillPaymentEnded,
  onBillPaymentPaid,
  replanProgram,
} from './jobs/bills.ts'
import { fireReminders, sweepReminders } from './jobs/reminders.ts'
import './mail/index.ts'

export { type BillStatus, billPayable, billStatuses } from './codes.ts'
export { billArchived, billIssued, billPaid, ladderChanged, remindersStopped } from './events.ts'

export const creditModule = defineModule({
  name: 'credit',
  errors: creditErrors,
  routes: (app) => registerCreditRoutes(app),
  handlers: [onBillPaymentPaid, onBillPaymentEnded, replanProgram, notifyRemindersStopped],
  jobs: [sweepReminders, fireReminders, markOverdue],
})
