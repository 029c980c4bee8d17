import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'

/** The frame of one step of the creation wizard. */
export function StepCard({
  title,
  description,
  children,
  testId,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  )
}

/** Back (or Cancel on the first step) on the left, the step's own buttons on the right. */
export function StepButtons({
  onBack,
  children,
  disabled,
}: {
  onBack?: (() => void) | undefined
  children: ReactNode
  disabled?: boolean
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-5">
      {onBack ? (
        <Button variant="outline" onClick={onBack} disabled={disabled} data-testid="wizard-back">
          <ArrowLeftIcon aria-hidden="true" />
          <Trans>Back</Trans>
        </Button>
      ) : (
        <Button variant="ghost" asChild>
          <Link to="/programs">
            <Trans>Cancel</Trans>
          </Link>
        </Button>
      )}
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  )
}

/** One line of a review: what it is and what was set. */
export function ReviewItem({
  label,
  children,
  className,
  testId,
}: {
  label: ReactNode
  children: ReactNode
  className?: string | undefined
  testId?: string | undefined
}) {
  return (
    <div className={className ? `grid gap-0.5 ${className}` : 'grid gap-0.5'} data-testid={testId}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-line">{children}</dd>
    </div>
  )
}
