import { sql } from 'kysely'
import type { UserType } from '../../../platform/context.ts'
import { renderEmail } from '../../../platform/mail/render.ts'
import { defineHandler } from '../../../platform/module.ts'
import { once } from '../../../platform/once.ts'
import { findUserById } from '../../db/users.ts'
import { passwordResetEmail, signupCodeEmail } from '../../mail/index.ts'
import { hashSecret, newSecret } from '../../tokens.ts'
import { portalOfType } from '../../user-types.ts'
import { hashCode, newCode } from '../codes.ts'
import { passwordResetRequested, signupCodeRequested } from '../events.ts'
import { portalUrl } from '../portal-urls.ts'
import { codeSettings, resetSettings } from '../settings.ts'

/**
 * Makes the confirmation code and e-mails it, once per event. The code is drawn here, stored as a
 * hash and sent in one `once()` transaction: if the send fails, the hash rolls back with the
 * record and the retry draws a fresh code; only a crash between a successful send and the commit
 * could send two codes (the later one is the one that works). A code that was replaced meanwhile
 * (resend) or already confirmed gets no e-mail.
 */
export const sendSignupCode = defineHandler({
  name: 'identity.send-signup-code',
  event: signupCodeRequested,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const name = 'identity.send-signup-code'
    await once(services.db, event.id, name, async (trx) => {
      const row = await trx
        .selectFrom('email_codes')
        .selectAll()
        .where('id', '=', event.payload.email_code_id)
        .forUpdate()
        .executeTakeFirst()
      if (!row || row.confirmed_at || row.consumed_at || row.expires_at <= new Date()) {
        return log.info({ email_code_id: event.payload.email_code_id }, 'code replaced or gone; no e-mail')
      }
      const code = newCode()
      await trx
        .updateTable('email_codes')
        .set({
          code_hash: hashCode(row.id, code),
          attempts: 0,
          expires_at: sql`now() + make_interval(mins => ${codeSettings.ttlMinutes})`,
        })
        .where('id', '=', row.id)
        .execute()
      const audience = portalOfType[row.user_type as UserType]
      if (audience === 'admin') return log.warn({ email_code_id: row.id }, 'no registration for admins')
      // Only the program-owner portal has a confirm screen (spec section 2: /registration/confirm).
      const confirmUrl =
        audience === 'programs'
          ? portalUrl(services.config, 'programs', '/registration/confirm', { email: row.email, code })
          : undefined
      await services.mailer.send({
        to: row.email,
        ...renderEmail(signupCodeEmail, row.language, {
          code,
          minutes: codeSettings.ttlMinutes,
          audience,
          ...(confirmUrl ? { confirmUrl } : {}),
        }),
        messageId: `${event.id}.${name}`,
      })
    })
  },
})

/**
 * Makes the single-use password link (60 minutes, stored hashed in `password_resets`) and e-mails
 * it in the language of the request, once per event; same transaction rules as the code above.
 * The link opens the set-password screen of the portal of the account's type.
 */
export const sendPasswordReset = defineHandler({
  name: 'identity.send-password-reset',
  event: passwordResetRequested,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const name = 'identity.send-password-reset'
    await once(services.db, event.id, name, async (trx) => {
      const user = await findUserById(trx, event.payload.user_id)
      if (!user?.is_active)
        return log.info({ user_id: event.payload.user_id }, 'account gone or disabled; no link')
      const token = newSecret()
      const inviter = event.payload.invited_by
      const minutes = inviter ? resetSettings.invitationTtlMinutes : resetSettings.ttlMinutes
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashSecret(token),
          user_id: user.id,
          expires_at: sql`now() + make_interval(mins => ${minutes})`,
        })
        .execute()
      const url = portalUrl(services.config, portalOfType[user.type as UserType], '/password', { token })
      const fullName = `${user.first_name} ${user.last_name}`.trim()
      await services.mailer.send({
        to: user.email,
        ...renderEmail(passwordResetEmail, event.payload.language, {
          url,
          minutes,
          ...(inviter ? { inviter } : {}),
          ...(fullName ? { name: fullName } : {}),
        }),
        messageId: `${event.id}.${name}`,
      })
    })
  },
})
