import type { ApiApp } from '../../platform/module.ts'
import { registerDeleteNotification } from './delete-notification.ts'
import { registerGetNotification } from './get-notification.ts'
import { registerGetNotificationCategories } from './get-notification-categories.ts'
import { registerGetNotifications } from './get-notifications.ts'
import { registerQrPayRoutes } from './get-qr-pay.ts'
import { registerGetStatistics } from './get-statistics.ts'
import { registerGetTerminalRequest } from './get-terminal-request.ts'
import { registerGetTerminalRequestEvents } from './get-terminal-request-events.ts'
import { registerGetTerminalRequests } from './get-terminal-requests.ts'
import { registerPatchNotification } from './patch-notification.ts'
import { registerPostNotification } from './post-notification.ts'
import { registerPostPaymentRequest } from './post-payment-request.ts'
import { registerPostTerminalRequest } from './post-terminal-request.ts'
import { registerTerminalRequestActions } from './post-terminal-request-actions.ts'

/**
 * The terminal module's routes:
 *
 *   payment notifications  GET, POST /manager/payment-notifications; GET …/categories;
 *                          GET, PATCH, DELETE …/{uuid}                              (program owner)
 *   payment requests       POST /manager/payment-requests                 (merchant systems)
 *   terminal               GET, POST /manager/terminal-requests; GET …/{uuid}; GET …/{uuid}/events (SSE);
 *                          POST …/{uuid}/cancel, …/{uuid}/token           (acceptor, owner)
 *   QR pay                 GET, POST /payment/qr-pay                      (public, the token is the access)
 *   statistics             GET /manager/statistics                        (owner, acceptor, admin)
 */
export function registerTerminalRoutes(app: ApiApp) {
  registerGetNotificationCategories(app) // before …/{uuid}
  registerGetNotifications(app)
  registerGetNotification(app)
  registerPostNotification(app)
  registerPatchNotification(app)
  registerDeleteNotification(app)
  registerPostPaymentRequest(app)
  registerPostTerminalRequest(app)
  registerGetTerminalRequests(app)
  registerGetTerminalRequest(app)
  registerGetTerminalRequestEvents(app)
  registerTerminalRequestActions(app)
  registerQrPayRoutes(app)
  registerGetStatistics(app)
}
