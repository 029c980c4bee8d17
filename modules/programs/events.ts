import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

/** An acceptor was invited to a program (or the invitation was sent again): the e-mail with the link follows. */
export const acceptorInvited = defineEvent(
  'programs.acceptor.invited',
  z.object({ program_acceptor_id: z.uuid() }),
)

/**
 * A program's status changed (a draft step, activation, block, unblock). Other modules react to
 * `to`: a blocked program takes no payments and shows nothing to card holders.
 */
export const programStatusChanged = defineEvent(
  'programs.program.status-changed',
  z.object({
    program_id: z.uuid(),
    type: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
  }),
)

/** An acceptor's place in a program changed: accepted, declined, unsubscribed, blocked or reactivated. */
export const acceptorStatusChanged = defineEvent(
  'programs.acceptor.status-changed',
  z.object({
    program_acceptor_id: z.uuid(),
    program_id: z.uuid(),
    acceptor_user_id: z.uuid().nullable(),
    from: z.number().int(),
    to: z.number().int(),
  }),
)
