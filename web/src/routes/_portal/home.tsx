import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'

/** The signed-in start page; its content per portal arrives with the screens behind it. */
export const Route = createFileRoute('/_portal/home')({
  component: Home,
})

function Home() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Welcome back</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Your overview will appear here.</Trans>
        </CardDescription>
      </CardHeader>
    </Card>
  )
}
