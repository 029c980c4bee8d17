import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * `/acceptors` on the program-owner portal redirects to Programs (spec section 2): a program's
 * acceptors are managed on its page. Other portals have no such screen.
 */
export const Route = createFileRoute('/_portal/acceptors')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: context.portal === 'programs' ? '/programs' : '/', replace: true })
  },
})
