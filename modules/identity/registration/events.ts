import { z } from 'zod'
import { defineEvent } from '../../platform/events.ts'

/**
 * A confirmation code was asked for (sign-up step one or resend): the `email_codes` row exists,
 * the handler makes the code, stores its hash and e-mails it. Only the row id travels: outbox
 * rows are kept, and a code in a payload would sit there readable for as long as they are.
 */
export const signupCodeRequested = defineEvent(
  'identity.signup-code.requested',
  z.object({ email_code_id: z.uuid() }),
)

/**
 * Someone asked for a new password for an existing, active account: the handler makes the
 * single-use link, stores its hash in `password_resets` and e-mails it in `language`.
 */
export const passwordResetRequested = defineEvent(
  'identity.password-reset.requested',
  z.object({
    user_id: z.uuid(),
    language: z.string().min(2).max(10),
    /** An account made for the person by someone else (`inviteCardholder`): the inviter's name. */
    invited_by: z.string().min(1).max(300).optional(),
  }),
)
