import type { ApiApp } from '../../platform/module.ts'
import { registerBillRoutes } from './bills.ts'
import { registerCardholderRoutes } from './cardholders.ts'
import { registerHolderBillRoutes } from './holder-bills.ts'
import { registerInvoiceRoutes } from './invoice.ts'
import { registerReminderRoutes } from './reminders.ts'
import { registerStatisticsRoutes } from './statistics.ts'

/**
 * The credit module's routes:
 *
 *   ladder       GET, POST /manager/reminders; PATCH, DELETE …/{uuid}; GET …/preview;
 *                PATCH /manager/reminder-settings/{uuid}; PATCH /manager/reminder-periods/{uuid}
 *   bills        GET, POST /manager/bills; GET, PATCH …/{uuid}; POST …/{uuid}/archive;
 *                GET …/{uuid}/preview, …/{uuid}/invoice (PDF)               (program owner, admin reads)
 *   figures      GET /manager/bill-statistics                               (program owner, admin)
 *   card holders GET /user/cardholders/autocomplete; POST /user/cardholders/create (program owner)
 *   holder       GET /payment/bills, …/{uuid}, …/{uuid}/invoice (PDF);
 *                POST …/{uuid}/payment                                      (card holder)
 *
 * The lookups `manager/commons/reminder-sender-types` and `reminder-templates` are the programs
 * module's (with the other commons).
 */
export function registerCreditRoutes(app: ApiApp) {
  registerReminderRoutes(app)
  registerBillRoutes(app)
  registerCardholderRoutes(app)
  registerHolderBillRoutes(app)
  registerInvoiceRoutes(app)
  registerStatisticsRoutes(app)
}
