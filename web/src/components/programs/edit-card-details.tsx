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
import { cardErrorMessage } from './card-errors.ts'
import { type Card, cardKeys, saveCardSettings } from './card-queries.ts'
import { cardTextOf, cardTextSchema, cardTextServerFields, cardTextSettings } from './card-settings-values.ts'
import { CardTextFields } from './card-text-fields.tsx'
import type { Program } from './queries.ts'

/**
 * Once cards are paid for, only the card's title, description and image change (docs/cards.md):
 * this dialog edits those three.
 */
export function EditCardDetailsButton({ program, card }: { program: Program; card: Card }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={!hydrated} data-testid="card-edit-details">
          <PencilIcon aria-hidden="true" />
          <Trans>Edit title, description and image</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="card-edit-details-dialog" className="sm:max-w-xl">
        {open && <CardDetailsForm program={program} card={card} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function CardDetailsForm({ program, card, onDone }: { program: Program; card: Card; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useZodForm(cardTextSchema, { defaultValues: cardTextOf(card) })
  const showFieldErrors = useFieldErrors(form, { fieldOf: (path) => cardTextServerFields[path] })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveCardSettings(card.uuid, cardTextSettings(values))
      queryClient.setQueryData(cardKeys.card(program.uuid), saved)
      notify.success(msg`Card saved`)
      onDone()
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(cardErrorMessage(error))
    }
  })
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Edit card</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Cards of this program are paid for: their value, use and validity stay as they are.</Trans>
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <CardTextFields disabled={submitting} testIdPrefix="card-edit" />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting} data-testid="card-edit-save">
              {submitting && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
