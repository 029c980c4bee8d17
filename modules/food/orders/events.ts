import { z } from 'zod'
import { defineEvent } from '../../platform/events.ts'

/**
 * A food order's status changed (paid, cooking, out for delivery, delivered, …). Published in the
 * transaction of the change; the customer's e-mails react to it.
 */
export const foodOrderStatusChanged = defineEvent(
  'food.order.status-changed',
  z.object({
    order_id: z.uuid(),
    program_id: z.uuid(),
    from: z.number().int().min(1).max(8).nullable(),
    to: z.number().int().min(1).max(8),
  }),
)
