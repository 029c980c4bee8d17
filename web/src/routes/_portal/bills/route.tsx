import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '~/lib/guard.ts'

/**
 * Bills (spec section 2), on the card-holder portal: the bills still to pay (`/bills`), all of
 * them (`/bills/all`), one bill (`/bills/{uuid}`) and paying it (`/bills/{uuid}/payment`, the
 * reminder e-mail's link). Other portals: to `/`.
 */
export const Route = createFileRoute('/_portal/bills')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/bills'),
})
