import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

/** A support request was stored; the requester gets an acknowledgement, the support inbox a notice. */
export const supportRequestReceived = defineEvent(
  'support.request.received',
  z.object({ support_request_id: z.uuid() }),
)
