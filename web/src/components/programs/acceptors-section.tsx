import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  BanIcon,
  LoaderCircleIcon,
  MailIcon,
  RotateCwIcon,
  SendIcon,
  UserCheckIcon,
  UserMinusIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import {
  AcceptorStatusBadge,
  acceptorStatusKey,
  acceptorStatusNames,
} from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { Tabs, TabsList, TabsScroll, TabsTrigger, useFilterTabs } from '~/components/ui/tabs.tsx'
import { ApiError } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { inviteAcceptor, removeAcceptor, resendInvitation, setAcceptorStatus } from './actions.ts'
import { accessDeniedMessage, isForbidden, programErrorMessage } from './errors.ts'
import {
  type AcceptorStatusFilter,
  type AcceptorsFilter,
  acceptorStatuses,
  acceptorStatusFilters,
  type Program,
  type ProgramAcceptor,
  programAcceptorsQueryOptions,
  programKeys,
  programStatuses,
} from './queries.ts'

/**
 * The acceptors of a program (spec: "acceptors list"): the owner invites by e-mail and manages
 * each place (resend or withdraw an invitation, block, reactivate, unsubscribe); an admin reads the
 * list. Filtered by status: pending, active, rejected, unsubscribed, blocked.
 */
export function AcceptorsSection({ program, canManage }: { program: Program; canManage: boolean }) {
  const { t, i18n } = useLingui()
  const [filter, setFilter] = useState<AcceptorsFilter>({ page: 1 })
  const acceptors = useQuery(programAcceptorsQueryOptions(program.uuid, filter))
  const tabs = useFilterTabs(filter.status ?? 'all')
  const usable =
    program.status.id !== programStatuses.blocked && program.status.id !== programStatuses.expired

  return (
    <Card data-testid="program-acceptors">
      <CardHeader>
        <CardTitle>
          <Trans>Acceptors</Trans>
        </CardTitle>
        <CardDescription>
          {canManage ? (
            <Trans>
              Merchants who take payments in this program. Invite them by e-mail; they accept or decline in
              their portal.
            </Trans>
          ) : (
            <Trans>Merchants invited to this program and their status.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        {canManage && usable && <InviteForm program={program} />}
        {canManage && !usable && (
          <p className="text-sm text-muted-foreground" data-testid="invite-unavailable">
            <Trans>Acceptors can be invited again once the program is active.</Trans>
          </p>
        )}

        <Tabs
          value={filter.status ?? 'all'}
          onValueChange={(v) =>
            setFilter({ status: v === 'all' ? undefined : (v as AcceptorStatusFilter), page: 1 })
          }
        >
          <TabsScroll className="-mx-1 px-1 sm:-mx-1 sm:px-1">
            <TabsList aria-label={t`Acceptor status`}>
              <TabsTrigger value="all" {...tabs.trigger('all')} data-testid="acceptors-tab-all">
                <Trans>All</Trans>
              </TabsTrigger>
              {acceptorStatusFilters.map((status) => (
                <TabsTrigger
                  key={status}
                  value={status}
                  {...tabs.trigger(status)}
                  data-testid={`acceptors-tab-${status}`}
                >
                  {i18n._(acceptorStatusNames[status])}
                </TabsTrigger>
              ))}
            </TabsList>
          </TabsScroll>
        </Tabs>

        <div className="grid grid-cols-1 gap-5" {...tabs.panel}>
          {acceptors.isPending ? (
            <RowsSkeleton rows={3} />
          ) : acceptors.isError ? (
            <LoadError onRetry={() => acceptors.refetch()}>
              {isForbidden(acceptors.error)
                ? i18n._(accessDeniedMessage)
                : i18n._(programErrorMessage(acceptors.error))}
            </LoadError>
          ) : acceptors.data.results.length === 0 ? (
            <EmptyState icon={<UsersIcon aria-hidden="true" className="size-6" />}>
              {filter.status ? (
                <Trans>No acceptor has this status.</Trans>
              ) : canManage ? (
                <Trans>No acceptors yet. Invite the first one by e-mail.</Trans>
              ) : (
                <Trans>No acceptors yet.</Trans>
              )}
            </EmptyState>
          ) : (
            <>
              <Table aria-label={t`Acceptors`} data-testid="acceptors-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>
                      <Trans>Acceptor</Trans>
                    </TableHead>
                    <TableHead>
                      <Trans>Status</Trans>
                    </TableHead>
                    <TableHead className="hidden md:table-cell">
                      <Trans>Invited</Trans>
                    </TableHead>
                    {canManage && (
                      <TableHead className="text-right">
                        <span className="sr-only">
                          <Trans>Actions</Trans>
                        </span>
                      </TableHead>
                    )}
                  </TableRow>
                </TableHeader>
                <TableBody className={acceptors.isPlaceholderData ? 'opacity-60' : undefined}>
                  {acceptors.data.results.map((row) => (
                    <AcceptorRow key={row.uuid} row={row} canManage={canManage && usable} program={program} />
                  ))}
                </TableBody>
              </Table>
              <Pagination
                page={filter.page}
                pages={acceptors.data.pages}
                count={acceptors.data.count}
                onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
                disabled={acceptors.isFetching}
              />
            </>
          )}
        </div>
      </CardContent>
    </Card>
  )
}

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: msg`Email required`.id })
    .pipe(z.email({ error: msg`Invalid email`.id })),
})

function InviteForm({ program }: { program: Program }) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useZodForm(inviteSchema, { defaultValues: { email: '' } })
  // The specification's words for an address that is missing or taken already.
  const showFieldErrors = useFieldErrors(form, {
    wording: (issue) => (issue.code === 'required' ? msg`Email required` : undefined),
  })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await inviteAcceptor(program.uuid, email)
      form.reset({ email: '' })
      void queryClient.invalidateQueries({ queryKey: programKeys.acceptors(program.uuid) })
      notify.success(msg`Invitation sent`, {
        description: msg`The acceptor gets an e-mail with a link to join.`,
      })
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(programErrorMessage(error))
    }
  })
  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="invite-form"
      >
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem className="flex-1">
              <FormLabel className="sr-only">
                <Trans>E-mail address of the acceptor</Trans>
              </FormLabel>
              <div className="relative">
                <MailIcon
                  aria-hidden="true"
                  className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <FormControl>
                  <Input
                    type="email"
                    autoComplete="off"
                    placeholder="merchant@example.com"
                    className="pl-9"
                    disabled={submitting || !hydrated}
                    {...field}
                    data-testid="invite-email"
                  />
                </FormControl>
              </div>
              <FormMessage data-testid="invite-error" />
            </FormItem>
          )}
        />
        <Button
          type="submit"
          disabled={submitting || !hydrated}
          aria-busy={submitting}
          data-testid="invite-submit"
        >
          {submitting ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          <Trans>Invite</Trans>
        </Button>
      </form>
    </Form>
  )
}

function AcceptorRow({
  row,
  canManage,
  program,
}: {
  row: ProgramAcceptor
  canManage: boolean
  program: Program
}) {
  const { i18n } = useLingui()
  const status = acceptorStatusKey(row.status.id)
  return (
    <TableRow data-testid="acceptor-row" data-email={row.email} data-status={status}>
      <TableCell className="max-w-72 whitespace-normal">
        <span className="block truncate font-medium" data-testid="acceptor-email">
          {row.email}
        </span>
        {row.acceptor?.name && (
          <span className="block truncate text-xs text-muted-foreground">{row.acceptor.name}</span>
        )}
      </TableCell>
      <TableCell>
        <AcceptorStatusBadge status={row.status} testId="acceptor-status" />
      </TableCell>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
        <time dateTime={row.invited}>{i18n.date(row.invited, { dateStyle: 'medium' })}</time>
      </TableCell>
      {canManage && (
        <TableCell className="text-right">
          <AcceptorActions row={row} program={program} />
        </TableCell>
      )}
    </TableRow>
  )
}

function AcceptorActions({ row, program }: { row: ProgramAcceptor; program: Program }) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const email = row.email
  const programTitle = program.title
  const refresh = () => queryClient.invalidateQueries({ queryKey: programKeys.acceptors(program.uuid) })

  const run = async (action: () => Promise<unknown>, done: Parameters<typeof notify.success>[0]) => {
    setBusy(true)
    try {
      await action()
      notify.success(done)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.error(msg`Not found`)
      else notify.error(programErrorMessage(error))
    } finally {
      setBusy(false)
      await refresh()
    }
  }

  const unsubscribe = (
    <ConfirmButton
      size="sm"
      variant="ghost"
      destructive
      testId="acceptor-unsubscribe"
      title={<Trans>Unsubscribe {email}?</Trans>}
      description={
        <Trans>
          They leave “{programTitle}” and take no more payments in it. To bring them back, invite them again.
        </Trans>
      }
      confirmLabel={<Trans>Unsubscribe</Trans>}
      onConfirm={() => run(() => removeAcceptor(row.uuid), msg`Acceptor unsubscribed`)}
    >
      <UserMinusIcon aria-hidden="true" />
      <Trans>Unsubscribe</Trans>
    </ConfirmButton>
  )

  switch (row.status.id) {
    case acceptorStatuses.pending:
      return (
        <div className="flex flex-wrap justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || !hydrated}
            onClick={() => run(() => resendInvitation(row.uuid), msg`Invitation sent again`)}
            data-testid="acceptor-resend"
          >
            <RotateCwIcon aria-hidden="true" />
            <Trans>Resend</Trans>
          </Button>
          <ConfirmButton
            size="sm"
            variant="ghost"
            destructive
            testId="acceptor-withdraw"
            title={<Trans>Withdraw the invitation to {email}?</Trans>}
            description={
              <Trans>The link in the e-mail stops working. You can invite them again later.</Trans>
            }
            confirmLabel={<Trans>Withdraw</Trans>}
            onConfirm={() => run(() => removeAcceptor(row.uuid), msg`Invitation withdrawn`)}
          >
            <XIcon aria-hidden="true" />
            <Trans>Withdraw</Trans>
          </ConfirmButton>
        </div>
      )
    case acceptorStatuses.active:
      return (
        <div className="flex flex-wrap justify-end gap-1">
          <ConfirmButton
            size="sm"
            variant="ghost"
            destructive
            testId="acceptor-block"
            title={<Trans>Block {email} in this program?</Trans>}
            description={
              <Trans>
                They stay listed but take no payments in “{programTitle}” until you reactivate them.
              </Trans>
            }
            confirmLabel={<Trans>Block</Trans>}
            onConfirm={() =>
              run(() => setAcceptorStatus(row.uuid, acceptorStatuses.blocked), msg`Acceptor blocked`)
            }
          >
            <BanIcon aria-hidden="true" />
            <Trans>Block</Trans>
          </ConfirmButton>
          {unsubscribe}
        </div>
      )
    case acceptorStatuses.blocked:
      return (
        <div className="flex flex-wrap justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || !hydrated}
            onClick={() =>
              run(() => setAcceptorStatus(row.uuid, acceptorStatuses.active), msg`Acceptor reactivated`)
            }
            data-testid="acceptor-reactivate"
          >
            <UserCheckIcon aria-hidden="true" />
            <Trans>Reactivate</Trans>
          </Button>
          {unsubscribe}
        </div>
      )
    default:
      return null
  }
}
