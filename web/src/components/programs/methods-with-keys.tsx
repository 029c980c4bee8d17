import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, SaveIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { methodTitles, providerNames } from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Form } from '~/components/ui/form.tsx'
import { ApiError } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { saveProgramMethods } from './actions.ts'
import { programErrorMessage } from './errors.ts'
import { MethodsList, noMethodMessage, useMethodsForm } from './methods-editor.tsx'
import { keysMissingMessage, missingKeys, ProviderKeysPanel, panelProvidersOf } from './provider-keys.tsx'
import {
  type Program,
  type ProgramMethod,
  programKeys,
  programMethodsQueryOptions,
  programProvidersQueryOptions,
} from './queries.ts'

/**
 * A payment program's methods form with its provider keys panel beside it (forms do not nest, so
 * the caller's button submits the methods form by `formId`), used by the wizard's methods step and
 * the program page. Saving stores the methods, then runs `afterSave` (the wizard's status steps, or
 * a notice); a method that cannot validate is said in words, naming missing keys when that is why.
 */
export function MethodsWithKeys({
  program,
  methods,
  afterSave,
  children,
}: {
  program: Program
  methods: ProgramMethod[]
  afterSave: () => Promise<void>
  children: (state: { formId: string; saving: boolean; disabled: boolean }) => ReactNode
}) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const methodsForm = useMethodsForm(methods)
  const { form, rows, showFieldErrors, setGeneral } = methodsForm
  const formId = useId()
  const accounts = useQuery(programProvidersQueryOptions(program.uuid))
  const saving = form.formState.isSubmitting

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await saveProgramMethods(program.uuid, values.methods)
      queryClient.setQueryData(programKeys.methods(program.uuid), saved)
      await afterSave()
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
      if (showFieldErrors(error).shown) return
      if (error instanceof ApiError && error.reason === 'no_validated_method') {
        // A CCV or Stripe method validates only with the owner's keys there: say so when they are missing.
        setGeneral(missingKeys(values.methods, accounts.data?.results) ? keysMissingMessage : noMethodMessage)
        return
      }
      notify.error(programErrorMessage(error))
    }
  })

  return (
    <div className="grid gap-5">
      <Form {...form}>
        <form
          id={formId}
          className="grid gap-5"
          noValidate
          data-testid="program-methods-form"
          onSubmit={save}
        >
          <MethodsList methods={methods} form={methodsForm} disabled={saving || !hydrated} />
        </form>
      </Form>
      <ProviderKeysPanel program={program.uuid} providers={panelProvidersOf(rows)} />
      {children({ formId, saving, disabled: saving || !hydrated })}
    </div>
  )
}

/**
 * The button that saves a `MethodsWithKeys` form, given the state it hands its children: spins
 * while saving, else shows `icon`.
 */
export function MethodsSaveButton({
  formId,
  saving,
  disabled,
  testId,
  icon,
  children,
}: {
  formId: string
  saving: boolean
  disabled: boolean
  testId: string
  icon: ReactNode
  children: ReactNode
}) {
  return (
    <Button type="submit" form={formId} disabled={disabled} aria-busy={saving} data-testid={testId}>
      {saving ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : icon}
      {children}
    </Button>
  )
}

/**
 * The payment methods a program uses, each with its provider, read-only: the wizard's review and
 * the program page of someone who may not edit them. A method is tested as `itemTestId`.
 */
export function UsedMethods({
  methods,
  itemTestId,
}: {
  methods: readonly ProgramMethod[]
  itemTestId: string
}) {
  const { i18n } = useLingui()
  const used = methods.filter((m) => m.is_used)
  if (used.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>None in use</Trans>
      </p>
    )
  return (
    <ul className="grid gap-1 text-sm">
      {used.map((m) => (
        <li key={m.id} data-testid={itemTestId} data-method={m.id}>
          {methodTitles[m.id] ? i18n._(methodTitles[m.id]!) : m.title}
          {m.provider && (
            <span className="text-muted-foreground">
              {' · '}
              {providerNames[m.provider] ? i18n._(providerNames[m.provider]!) : m.provider}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * A wizard's review section with the program's payment methods and their provider keys (the credit
 * and food wizards): its own heading and explanation, the editor, and a save button.
 */
export function ReviewMethods({
  program,
  id,
  title,
  description,
}: {
  program: Program
  /** Prefix of the heading's id and the save button's test id (`<id>-methods-save`). */
  id: string
  title: ReactNode
  description: ReactNode
}) {
  const queryClient = useQueryClient()
  const methods = useQuery(programMethodsQueryOptions(program.uuid))
  return (
    <section className="grid gap-3 border-t pt-5" aria-labelledby={`${id}-methods-title`}>
      <div>
        <h3 id={`${id}-methods-title`} className="font-medium">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {methods.isPending ? (
        <RowsSkeleton rows={3} />
      ) : methods.isError ? (
        <LoadError onRetry={() => methods.refetch()} />
      ) : (
        <MethodsWithKeys
          key={program.uuid}
          program={program}
          methods={methods.data.results}
          afterSave={async () => {
            await queryClient.invalidateQueries({ queryKey: programKeys.methods(program.uuid) })
            notify.success(msg`Payment methods saved`)
          }}
        >
          {(state) => (
            <div>
              <MethodsSaveButton
                {...state}
                testId={`${id}-methods-save`}
                icon={<SaveIcon aria-hidden="true" />}
              >
                <Trans>Save payment methods</Trans>
              </MethodsSaveButton>
            </div>
          )}
        </MethodsWithKeys>
      )}
    </section>
  )
}
