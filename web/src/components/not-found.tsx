import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon, FileSearchIcon, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import type { MainPath } from '~/lib/navigation.ts'

/**
 * What a link to something that does not exist (any more) shows: unknown, deleted, or someone
 * else's (the API answers 404 for all three, so nothing tells them apart). What was looked for, one
 * line of why, and the way back to the list it belongs to. Routes show it as their
 * `notFoundComponent` when their loader meets a 404 (lib/queries/load.ts); `data-not-found` marks
 * it for the browser tests whichever screen it is.
 */
export function NotFound({
  testId,
  icon: Icon = FileSearchIcon,
  title,
  children,
  back,
}: {
  testId: string
  icon?: LucideIcon
  title: ReactNode
  children: ReactNode
  back: { to: MainPath | '/'; label: ReactNode }
}) {
  return (
    <Card data-testid={testId} data-not-found="" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 id="screen-title" data-testid="screen-title" className="text-xl font-semibold">
          {title}
        </h1>
        <p className="text-sm text-muted-foreground">{children}</p>
        <Button variant="outline" asChild>
          <Link to={back.to} data-testid="not-found-back">
            <ArrowLeftIcon aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}
