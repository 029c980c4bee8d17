import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { LoaderCircleIcon, RocketIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { notify } from '~/lib/notify.tsx'
import { programChanged, updateProgram } from './actions.ts'
import { programErrorMessage } from './errors.ts'
import { type Program, programKeys, programStatuses } from './queries.ts'
import { StepButtons } from './wizard-parts.tsx'

/**
 * The end of every program type's review step: what is still missing (when it is), Back, and
 * Activate program, which activates the draft (from draftStep2 first to draftStep3 when the type
 * allows that step to be taken here), says what comes next and opens the program's page.
 */
export function ActivateStep({
  program,
  complete,
  missing,
  next,
  onBack,
}: {
  program: Program
  /** The review found everything the program needs. */
  complete: boolean
  /** What is still missing, shown when not complete (undefined while loading). */
  missing: ReactNode | undefined
  /** What the owner does next, said with "Program activated". */
  next: MessageDescriptor
  onBack: () => void
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [activating, setActivating] = useState(false)

  const activate = async () => {
    setActivating(true)
    try {
      let current = program
      if (current.status.id === programStatuses.draftStep2)
        current = await updateProgram(program.uuid, { status: programStatuses.draftStep3 })
      current = await updateProgram(program.uuid, { status: programStatuses.active })
      programChanged(queryClient, current)
      notify.success(msg`Program activated`, { description: next })
      await navigate({ to: '/programs/$uuid', params: { uuid: program.uuid }, replace: true })
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
      notify.error(programErrorMessage(error))
      setActivating(false)
    }
  }

  return (
    <>
      {!complete && missing && (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900"
          data-testid="review-incomplete"
        >
          {missing}
        </p>
      )}
      <StepButtons onBack={onBack} disabled={activating}>
        <Button
          onClick={activate}
          disabled={activating || !hydrated || !complete}
          aria-busy={activating}
          data-testid="wizard-activate"
        >
          {activating ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <RocketIcon aria-hidden="true" />
          )}
          <Trans>Activate program</Trans>
        </Button>
      </StepButtons>
    </>
  )
}
