import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, ClockIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

export interface StepItem {
  label: ReactNode
  /** The step exists, but its screens come with a later release. */
  later?: boolean
}

/**
 * Where the creation wizard stands: steps 0 to 2 (spec section 2, "multi-step program creation"),
 * 0 to 3 for a card program.
 * Steps already reached can be opened again; a step that comes later says so.
 */
export function Stepper({
  steps,
  current,
  reached,
  onOpen,
}: {
  steps: StepItem[]
  current: number
  reached: number
  onOpen: (step: number) => void
}) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Setup steps`}>
      <ol
        className={cn('grid gap-2', steps.length > 3 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3')}
        data-testid="wizard-steps"
      >
        {steps.map((step, index) => {
          const isCurrent = index === current
          const done = index < reached && !isCurrent
          const openable = index <= reached && !isCurrent && !step.later
          const body = (
            <>
              <span
                className={cn(
                  'grid size-7 shrink-0 place-content-center rounded-full border text-[13px] font-semibold',
                  isCurrent && 'border-primary bg-primary text-primary-foreground',
                  done && 'border-primary-200 bg-primary-50 text-primary-700',
                  !isCurrent && !done && 'border-border text-muted-foreground',
                )}
              >
                {done ? (
                  <CheckIcon aria-hidden="true" className="size-4" />
                ) : step.later ? (
                  <ClockIcon aria-hidden="true" className="size-3.5" />
                ) : (
                  index + 1
                )}
              </span>
              <span className="grid text-left">
                <span className={cn('text-sm font-medium', !isCurrent && 'text-muted-foreground')}>
                  {step.label}
                </span>
                {step.later && (
                  <span className="text-xs text-muted-foreground">
                    <Trans>Arrives with its own release</Trans>
                  </span>
                )}
              </span>
            </>
          )
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed: 0 to 2 (3)
              key={index}
              data-testid="wizard-step"
              data-step={index}
              data-state={isCurrent ? 'current' : done ? 'done' : step.later ? 'later' : 'upcoming'}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {openable ? (
                <button
                  type="button"
                  onClick={() => onOpen(index)}
                  className="flex w-full items-center gap-3 rounded-lg border bg-background px-3 py-2.5 transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                >
                  {body}
                </button>
              ) : (
                <div
                  className={cn(
                    'flex items-center gap-3 rounded-lg border px-3 py-2.5',
                    isCurrent ? 'border-primary-300 bg-primary-50/60' : 'bg-background',
                    step.later && 'border-dashed',
                  )}
                >
                  {body}
                </div>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
