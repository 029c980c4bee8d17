import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '~/lib/guard.ts'

/**
 * The payment terminal (spec: "QR scan and generate"): on the acceptor portal, and on the
 * program-owner portal for the cashpoints of the owner's programs. Other portals: to `/`.
 */
export const Route = createFileRoute('/_portal/terminal')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/terminal'),
})
