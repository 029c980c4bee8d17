import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog.tsx'
import { Form, useZodForm } from '~/components/ui/form.tsx'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { programChanged, updateProgram } from './actions.ts'
import { programErrorMessage } from './errors.ts'
import { ProgramDetailsFields, programDetailsSchema, programWording } from './program-details-fields.tsx'
import type { Program } from './queries.ts'

/** The owner renames a program or changes its description (not while it is blocked). */
export function EditProgramButton({ program, disabled }: { program: Program; disabled?: boolean }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled || !hydrated} data-testid="program-edit">
          <PencilIcon aria-hidden="true" />
          <Trans>Edit</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="program-edit-dialog">
        {open && <EditForm program={program} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function EditForm({ program, onDone }: { program: Program; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useZodForm(programDetailsSchema, {
    defaultValues: { title: program.title, description: program.description },
  })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => (['title', 'description'] as const).find((f) => f === path),
    wording: programWording,
  })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProgram(program.uuid, values)
      programChanged(queryClient, saved)
      notify.success(msg`Program saved`)
      onDone()
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(programErrorMessage(error))
    }
  })
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Edit program</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>The title and description acceptors and card holders see.</Trans>
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset disabled={submitting} className="grid gap-4">
            <ProgramDetailsFields testIdPrefix="program-edit" />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="submit"
              disabled={submitting}
              aria-busy={submitting}
              data-testid="program-edit-save"
            >
              {submitting && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
