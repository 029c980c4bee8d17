import { randomBytes } from 'node:crypto'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { passwordResetRequested } from '../registration/events.ts'
import { createUser } from './create-user.ts'

export interface InviteCardholderInput {
  email: string
  first_name: string
  last_name: string
  phone_code?: string | undefined
  phone?: string | undefined
  language: string
  /** Who invites (their display name, shown in the e-mail). */
  inviter: string
}

/**
 * Makes a card holder account for someone another user deals with (a program owner billing a
 * customer: `user/cardholders/create`) and sends them the invitation to choose a password: the
 * "forgot password" link of identity, worded as a welcome and valid for 7 days. The account's
 * password is random and never told, so only the link opens it. An address already registered:
 * 409 `email_already_registered` on `email`.
 */
export async function inviteCardholder(
  db: Db,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  input: InviteCardholderInput,
): Promise<{ id: string; email: string; first_name: string; last_name: string }> {
  return db.transaction().execute(async (trx) => {
    const user = await createUser(trx, {
      email: input.email,
      // Never told to anyone: the invitation link sets the real one.
      password: `${randomBytes(24).toString('base64url')}Aa1`,
      type: 3,
      first_name: input.first_name,
      last_name: input.last_name,
      language: input.language,
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.phone_code ? { phone_code: input.phone_code } : {}),
    })
    await publish(
      trx,
      passwordResetRequested,
      { user_id: user.id, language: input.language, invited_by: input.inviter },
      ctx,
    )
    return { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name }
  })
}
