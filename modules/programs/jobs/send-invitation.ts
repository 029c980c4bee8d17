import { portalUrl, userContactByEmail, userContactById } from '../../identity/index.ts'
import { brandName } from '../../platform/mail/layout.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { acceptorStatuses } from '../codes.ts'
import { lockProgramAcceptorRow, updateProgramAcceptorRow } from '../db/program-acceptors.ts'
import { findProgramRow } from '../db/programs.ts'
import { acceptorInvited } from '../events.ts'
import { hashInviteToken, newInviteToken } from '../invite-tokens.ts'
import { acceptorInvitationEmail } from '../mail/index.ts'

const name = 'programs.send-acceptor-invitation'

/**
 * E-mails an invitation, once per event. The link's secret is drawn here and stored (hashed) in
 * the same `once()` transaction as the send, like identity's codes: if the send fails, nothing is
 * stored and the retry draws a new one. Language: the invitee's when the address has an account,
 * else the inviter's. Link: the acceptor portal's Programs (with the invitation and its token)
 * for an acceptor account, else its registration (`/registration?invite=`). An invitation withdrawn
 * or answered meanwhile gets no e-mail.
 */
export const sendAcceptorInvitation = defineHandler({
  name,
  event: acceptorInvited,
  queue: 'notifications',
  async handle({ event, services, log }) {
    await once(services.db, event.id, name, async (trx) => {
      const row = await lockProgramAcceptorRow(trx, event.payload.program_acceptor_id)
      if (!row || row.status !== acceptorStatuses.pending) {
        return log.info(
          { program_acceptor_id: event.payload.program_acceptor_id },
          'invitation gone or answered; no e-mail',
        )
      }
      const program = await findProgramRow(trx, row.program_id)
      if (!program) return log.warn({ program_acceptor_id: row.id }, 'program gone; no e-mail')
      const [invitee, inviter, owner] = await Promise.all([
        row.acceptor_user_id
          ? userContactById(trx, row.acceptor_user_id)
          : userContactByEmail(trx, row.email),
        userContactById(trx, row.invited_by_user_id),
        userContactById(trx, program.owner_user_id),
      ])
      const token = newInviteToken()
      await updateProgramAcceptorRow(trx, row.id, {
        token_hash: hashInviteToken(token),
        sent_count: row.sent_count + 1,
        last_sent_at: new Date(),
      })
      const hasAccount = invitee?.type === 2
      const url = hasAccount
        ? portalUrl(services.config, 'acceptor', '/programs', { invitation: row.id, invite: token })
        : portalUrl(services.config, 'acceptor', '/registration', { invite: token })
      await services.mailer.send({
        to: row.email,
        ...renderEmail(acceptorInvitationEmail, invitee?.language ?? inviter?.language, {
          inviter: owner?.name || inviter?.name || owner?.email || brandName,
          program: program.title,
          email: row.email,
          url,
          hasAccount,
        }),
        messageId: `${event.id}.${name}`,
      })
    })
  },
})
