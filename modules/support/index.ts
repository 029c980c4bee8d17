/**
 * Support: the contact form behind /support. Guests and signed-in users send a request; it is
 * stored with a human reference (SR-001042), the requester gets an acknowledgement e-mail in their
 * language, and the support inbox a notice. Small, but it uses every part of the platform kernel:
 * a command in a transaction, an outbox event, idempotent handlers on the notifications queue,
 * localized e-mail, money, errors and the request context.
 */
import { defineModule } from '../platform/module.ts'
import { supportErrors } from './errors.ts'
import { registerPostSupportRequest } from './http/post-support-request.ts'
import { notifySupportInbox, sendSupportAcknowledgement } from './jobs/send-emails.ts'

export {
  type SupportRequestInput,
  submitSupportRequest,
  supportTopics,
} from './commands/submit-support-request.ts'
export { supportRequestReceived } from './events.ts'

export const supportModule = defineModule({
  name: 'support',
  errors: supportErrors,
  routes: (app) => registerPostSupportRequest(app),
  handlers: [sendSupportAcknowledgement, notifySupportInbox],
  // How it meets other modules (README "Wiring"). Support uses only the kernel, so it has none:
  offers: [], // extension points it defines for the modules above it (its ports.ts)
  provides: [], // what it fills in other modules' ports: provide(port, value)
  needs: [], // what it cannot start without: need(port, { from: 'module' })
})
