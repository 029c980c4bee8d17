import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { useHydrated } from '~/components/payments/use-hydrated.ts'
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
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { ApiError } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { programChanged, updateProgram } from './actions.ts'
import { fieldMessage, programErrorMessage } from './errors.ts'
import type { Program } from './queries.ts'

const schema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: msg`Enter a title.`.id })
    .max(200, { error: msg`At most 200 characters.`.id }),
  description: z.string().trim().max(5000, { error: msg`At most 5000 characters.`.id }),
})

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
  const form = useZodForm(schema, {
    defaultValues: { title: program.title, description: program.description },
  })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProgram(program.uuid, values)
      programChanged(queryClient, saved)
      notify.success(msg`Program saved`)
      onDone()
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        let applied = false
        for (const field of ['title', 'description'] as const) {
          const first = error.fields[field]?.[0]
          if (!first) continue
          const message = fieldMessage(first)
          form.setError(field, {
            type: 'server',
            message: typeof message === 'string' ? message : message.id,
          })
          applied = true
        }
        if (applied) return
      }
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
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans context="program">Title</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input maxLength={200} autoComplete="off" {...field} data-testid="program-edit-title" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans context="program">Description</Trans>
                  </FormLabel>
                  <FormControl>
                    <Textarea maxLength={5000} {...field} data-testid="program-edit-description" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
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
