import { createFileRoute, redirect } from '@tanstack/react-router'

/** Any path no screen claims goes to the portal's start page. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true })
  },
})
