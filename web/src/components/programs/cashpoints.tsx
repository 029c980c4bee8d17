import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  CheckIcon,
  CreditCardIcon,
  LoaderCircleIcon,
  PencilIcon,
  PlusIcon,
  PowerIcon,
  PowerOffIcon,
  QrCodeIcon,
  StoreIcon,
  XIcon,
} from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
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
import { fieldErrorMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { createCashpoint, updateCashpoint } from './actions.ts'
import { programErrorMessage } from './errors.ts'
import { type Cashpoint, programKeys } from './queries.ts'

/** A name as the API takes it: trimmed, 1 to 100 characters (the input takes no more). */
const cashpointSchema = z.object({
  title: z.string().trim().min(1, { error: msg`Enter a name for the cashpoint.`.id }),
})

/**
 * An acceptor's cashpoints in one program (the named points of sale where payments are taken, or
 * a card program's cards): open one, rename it, deactivate it and reactivate it; go to its
 * terminal (payment programs) or take cards at it (card programs). Opening, renaming and reactivating need an
 * active place in a usable program; deactivating always works.
 */
export function Cashpoints({
  program,
  cashpoints,
  usable,
  terminal = false,
  acceptCards = false,
}: {
  program: string
  cashpoints: Cashpoint[]
  usable: boolean
  /** The program takes payments at its cashpoints (payment management): link each to its terminal. */
  terminal?: boolean
  /** The program's cards are spent at its cashpoints (a card program): link each to taking cards. */
  acceptCards?: boolean
}) {
  return (
    <div className="grid gap-3" data-testid="cashpoints">
      {cashpoints.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="cashpoints-empty">
          <StoreIcon aria-hidden="true" className="size-4" />
          {usable ? (
            <Trans>No cashpoints yet. Open one for each counter or device where you take payments.</Trans>
          ) : (
            <Trans>No cashpoints.</Trans>
          )}
        </p>
      ) : (
        <ul className="grid gap-2">
          {cashpoints.map((cashpoint) => (
            <CashpointRow
              key={cashpoint.uuid}
              cashpoint={cashpoint}
              usable={usable}
              terminal={terminal}
              acceptCards={acceptCards}
            />
          ))}
        </ul>
      )}
      {usable && <NewCashpoint program={program} />}
    </div>
  )
}

function NewCashpoint({ program }: { program: string }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  // Said when the name is sent, then again as it is corrected: an empty field is no mistake yet.
  const form = useZodForm(cashpointSchema, { defaultValues: { title: '' }, mode: 'onSubmit' })
  const showFieldErrors = useFieldErrors(form)
  const saving = form.formState.isSubmitting
  const submit = form.handleSubmit(async ({ title }) => {
    try {
      await createCashpoint(program, title)
      form.reset({ title: '' })
      notify.success(msg`Cashpoint opened`)
      await queryClient.invalidateQueries({ queryKey: programKeys.mine() })
    } catch (err) {
      if (!showFieldErrors(err).shown) notify.error(programErrorMessage(err))
    }
  })
  return (
    <Form {...form}>
      <form noValidate className="grid gap-1.5" data-testid="cashpoint-new" onSubmit={submit}>
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel className="text-[13px]/normal text-muted-foreground">
                <Trans>New cashpoint</Trans>
              </FormLabel>
              <div className="flex flex-col gap-2 sm:flex-row">
                <FormControl>
                  <Input
                    maxLength={100}
                    autoComplete="off"
                    placeholder={i18n._(msg`e.g. Counter 1`)}
                    {...field}
                    disabled={saving || !hydrated}
                    data-testid="cashpoint-new-title"
                  />
                </FormControl>
                <Button
                  type="submit"
                  variant="outline"
                  disabled={saving || !hydrated}
                  aria-busy={saving}
                  data-testid="cashpoint-create"
                >
                  {saving ? (
                    <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                  ) : (
                    <PlusIcon aria-hidden="true" />
                  )}
                  <Trans>Open cashpoint</Trans>
                </Button>
              </div>
              <FormMessage data-testid="cashpoint-new-error" />
            </FormItem>
          )}
        />
      </form>
    </Form>
  )
}

/** Renames a cashpoint: its name under the input when empty or refused (taken by another). */
function RenameForm({ cashpoint, onDone }: { cashpoint: Cashpoint; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const form = useZodForm(cashpointSchema, { defaultValues: { title: cashpoint.title }, mode: 'onSubmit' })
  const showFieldErrors = useFieldErrors(form)
  const busy = form.formState.isSubmitting
  const submit = form.handleSubmit(async ({ title }) => {
    if (title === cashpoint.title) {
      onDone()
      return
    }
    try {
      await updateCashpoint(cashpoint.uuid, { title })
      notify.success(msg`Cashpoint renamed`)
      onDone()
      await queryClient.invalidateQueries({ queryKey: programKeys.mine() })
    } catch (err) {
      if (!showFieldErrors(err).shown) notify.error(programErrorMessage(err))
    }
  })
  return (
    <Form {...form}>
      <form noValidate onSubmit={submit}>
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <FormControl>
                  <Input
                    maxLength={100}
                    autoComplete="off"
                    autoFocus
                    aria-label={t`Name of the cashpoint`}
                    {...field}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') onDone()
                    }}
                    disabled={busy}
                    data-testid="cashpoint-rename-title"
                  />
                </FormControl>
                <div className="flex gap-1">
                  <Button
                    type="submit"
                    size="sm"
                    disabled={busy}
                    aria-busy={busy}
                    data-testid="cashpoint-rename-save"
                  >
                    {busy ? (
                      <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                    ) : (
                      <CheckIcon aria-hidden="true" />
                    )}
                    <Trans>Save</Trans>
                  </Button>
                  <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={onDone}>
                    <XIcon aria-hidden="true" />
                    <Trans>Cancel</Trans>
                  </Button>
                </div>
              </div>
              <FormMessage data-testid="cashpoint-error" />
            </FormItem>
          )}
        />
      </form>
    </Form>
  )
}

function CashpointRow({
  cashpoint,
  usable,
  terminal,
  acceptCards,
}: {
  cashpoint: Cashpoint
  usable: boolean
  terminal: boolean
  acceptCards: boolean
}) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  // Reactivating is refused by name when an active cashpoint has taken it meanwhile: said here.
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [busy, setBusy] = useState(false)
  const name = cashpoint.title

  const change = async (patch: { is_active: boolean }, done: Parameters<typeof notify.success>[0]) => {
    setBusy(true)
    setError(null)
    try {
      await updateCashpoint(cashpoint.uuid, patch)
      notify.success(done)
      await queryClient.invalidateQueries({ queryKey: programKeys.mine() })
    } catch (err) {
      const message = fieldErrorMessage(err, 'title', i18n.locale)
      if (message) setError(message)
      else notify.error(programErrorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <li
      className="grid gap-1.5 rounded-lg border px-3 py-2.5"
      data-testid="cashpoint"
      data-uuid={cashpoint.uuid}
      data-active={cashpoint.is_active}
    >
      {editing ? (
        <RenameForm cashpoint={cashpoint} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <StoreIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium" data-testid="cashpoint-title">
              {cashpoint.title}
            </span>
            {cashpoint.is_active ? (
              <Badge variant="success" data-testid="cashpoint-status">
                <Trans context="cashpoint">Active</Trans>
              </Badge>
            ) : (
              <Badge variant="muted" data-testid="cashpoint-status">
                <Trans context="cashpoint">Inactive</Trans>
              </Badge>
            )}
          </div>
          <div className="flex flex-wrap gap-1">
            {terminal && usable && cashpoint.is_active && (
              <Button size="sm" variant="outline" asChild data-testid="cashpoint-terminal">
                <Link to="/terminal/$cashpoint" params={{ cashpoint: cashpoint.uuid }}>
                  <QrCodeIcon aria-hidden="true" />
                  <Trans>Terminal</Trans>
                </Link>
              </Button>
            )}
            {acceptCards && usable && cashpoint.is_active && (
              <Button size="sm" variant="outline" asChild data-testid="cashpoint-accept-card">
                <Link to="/terminal/cards/$cashpoint" params={{ cashpoint: cashpoint.uuid }}>
                  <CreditCardIcon aria-hidden="true" />
                  <Trans>Accept a card</Trans>
                </Link>
              </Button>
            )}
            {usable && cashpoint.is_active && (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy || !hydrated}
                onClick={() => {
                  setError(null)
                  setEditing(true)
                }}
                aria-label={t`Rename ${name}`}
                data-testid="cashpoint-rename"
              >
                <PencilIcon aria-hidden="true" />
                <Trans>Rename</Trans>
              </Button>
            )}
            {cashpoint.is_active ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy || !hydrated}
                onClick={() => void change({ is_active: false }, msg`Cashpoint deactivated`)}
                aria-label={t`Deactivate ${name}`}
                data-testid="cashpoint-deactivate"
              >
                <PowerOffIcon aria-hidden="true" />
                <Trans>Deactivate</Trans>
              </Button>
            ) : (
              usable && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy || !hydrated}
                  onClick={() => void change({ is_active: true }, msg`Cashpoint reactivated`)}
                  aria-label={t`Reactivate ${name}`}
                  data-testid="cashpoint-reactivate"
                >
                  <PowerIcon aria-hidden="true" />
                  <Trans>Reactivate</Trans>
                </Button>
              )
            )}
          </div>
        </div>
      )}
      {error && !editing && (
        <p role="alert" className="text-[13px] font-medium text-destructive" data-testid="cashpoint-error">
          {i18n._(error)}
        </p>
      )}
    </li>
  )
}
