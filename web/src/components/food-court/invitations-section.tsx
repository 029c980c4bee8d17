import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  LoaderCircleIcon,
  SearchIcon,
  SendIcon,
  StoreIcon,
  TriangleAlertIcon,
  UndoIcon,
  XIcon,
} from 'lucide-react'
import { useEffect, useState } from 'react'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Tabs, TabsList, TabsTrigger, useFilterTabs } from '~/components/ui/tabs.tsx'
import { notify } from '~/lib/notify.tsx'
import {
  type CourtInvite,
  courtQueryOptions,
  type InviteFilter,
  inviteCountsQueryOptions,
  inviteFilters,
  inviteStatuses,
  invitesChanged,
  invitesQueryOptions,
  removeInvite,
  sendInvite,
} from './api.ts'
import { courtErrorMessage } from './errors.ts'
import { InviteStatusBadge, inviteFilterNames } from './labels.tsx'

/**
 * The court owner's restaurants (spec food.md sections 2 and 4): every food program that can be
 * invited, with its invitation's status; counts per status and the four filters all, active,
 * pending, declined; a search by name. Sending makes an invitation pending; the court withdraws a
 * pending one; removing a restaurant from the "all" list makes it unsent again, from the other
 * lists deletes the invitation. An active restaurant whose onboarding at the payment provider is
 * not complete gets a note: guests do not see it in the court's cart until it is.
 */
export function InvitationsSection({ court, embedded = false }: { court: string; embedded?: boolean }) {
  const { t, i18n } = useLingui()
  const [filter, setFilter] = useState<InviteFilter>('all')
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim())
      setPage(1)
    }, 300)
    return () => clearTimeout(timer)
  }, [typed])
  const invites = useQuery(invitesQueryOptions(court, filter, search, page))
  const counts = useQuery(inviteCountsQueryOptions(court))
  const waiting = useQuery(courtQueryOptions(court)).data?.restaurants_not_onboarded ?? 0
  const tabs = useFilterTabs(filter)
  const countOf = (f: InviteFilter) => (f === 'all' ? undefined : counts.data?.[f])

  const content = (
    <div className="grid grid-cols-1 gap-5" data-testid="court-invitations-body">
      {waiting > 0 && (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="court-not-onboarded"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <Plural
            value={waiting}
            one="# restaurant has accepted but not finished its onboarding at the payment provider: guests do not see it yet."
            other="# restaurants have accepted but not finished their onboarding at the payment provider: guests do not see them yet."
          />
        </p>
      )}
      <Tabs
        value={filter}
        onValueChange={(v) => {
          setFilter(v as InviteFilter)
          setPage(1)
        }}
      >
        <div className="-mx-1 overflow-x-auto px-1">
          <TabsList aria-label={t`Invitation status`}>
            {inviteFilters.map((f) => {
              const count = countOf(f)
              return (
                <TabsTrigger key={f} value={f} {...tabs.trigger(f)} data-testid={`invites-tab-${f}`}>
                  {i18n._(inviteFilterNames[f])}
                  {count !== undefined && (
                    <span
                      className="ml-1.5 rounded-full bg-muted px-1.5 text-xs tabular-nums"
                      data-testid={`invites-count-${f}`}
                    >
                      {count}
                    </span>
                  )}
                </TabsTrigger>
              )
            })}
          </TabsList>
        </div>
      </Tabs>

      <div className="grid gap-1.5">
        <Label htmlFor="invites-search">
          <Trans>Search restaurants</Trans>
        </Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="invites-search"
            type="search"
            autoComplete="off"
            className="pl-9"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="invites-search"
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4" {...tabs.panel}>
        {invites.isPending ? (
          <RowsSkeleton rows={3} />
        ) : invites.isError ? (
          <LoadError onRetry={() => invites.refetch()}>{i18n._(courtErrorMessage(invites.error))}</LoadError>
        ) : invites.data.results.length === 0 ? (
          <EmptyState icon={<StoreIcon aria-hidden="true" className="size-6" />}>
            {search ? (
              <Trans>No restaurant has this name.</Trans>
            ) : filter === 'all' ? (
              <Trans>No restaurants to invite yet.</Trans>
            ) : (
              <Trans>No invitation has this status.</Trans>
            )}
          </EmptyState>
        ) : (
          <>
            <ul
              className={invites.isPlaceholderData ? 'grid divide-y opacity-60' : 'grid divide-y'}
              aria-label={t`Restaurants`}
              data-testid="invites-list"
            >
              {invites.data.results.map((row) => (
                <InviteRow key={row.program_uuid} row={row} court={court} filter={filter} />
              ))}
            </ul>
            <Pagination
              page={page}
              pages={invites.data.pages}
              count={invites.data.count}
              onPageChange={setPage}
              disabled={invites.isFetching}
            />
          </>
        )}
      </div>
    </div>
  )
  if (embedded) return content
  return (
    <Card data-testid="court-invitations">
      <CardHeader>
        <CardTitle>
          <Trans>Restaurants</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Invite restaurants to the food court. They join once they accept your terms and finish their
            onboarding at the payment provider.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  )
}

function InviteRow({ row, court, filter }: { row: CourtInvite; court: string; filter: InviteFilter }) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [sending, setSending] = useState(false)
  const title = row.title
  const send = async () => {
    setSending(true)
    try {
      await sendInvite(court, row.program_uuid)
      notify.success(msg`Invitation sent`, {
        description: msg`The restaurant's owner answers it in their portal.`,
      })
      invitesChanged(queryClient, court)
    } catch (error) {
      notify.error(courtErrorMessage(error))
      invitesChanged(queryClient, court)
    } finally {
      setSending(false)
    }
  }
  const remove = async (done: ReturnType<typeof msg>) => {
    try {
      await removeInvite(court, row.program_uuid, filter)
      notify.success(done)
    } catch (error) {
      notify.error(courtErrorMessage(error))
    } finally {
      invitesChanged(queryClient, court)
    }
  }
  const notOnboarded = row.status === inviteStatuses.active && !row.is_split_payments_enabled
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="invite-row"
      data-title={title}
      data-status={row.status}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="truncate font-medium" data-testid="invite-title">
          {title}
        </span>
        {row.domain_name && <span className="truncate text-xs text-muted-foreground">{row.domain_name}</span>}
        <InviteStatusBadge status={row.status} testId="invite-status" />
        {notOnboarded && (
          <p className="flex items-start gap-1.5 text-xs text-amber-800" data-testid="invite-onboarding-note">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <Trans>
              Onboarding at the payment provider is not complete: guests do not see this restaurant in the
              cart yet.
            </Trans>
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {(row.status === inviteStatuses.unsent || row.status === inviteStatuses.declined) && (
          <Button
            size="sm"
            onClick={send}
            disabled={sending || !hydrated}
            aria-busy={sending}
            data-testid="invite-send"
          >
            {sending ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            {row.status === inviteStatuses.declined ? <Trans>Invite again</Trans> : <Trans>Invite</Trans>}
          </Button>
        )}
        {row.status === inviteStatuses.pending && (
          <ConfirmButton
            size="sm"
            testId="invite-withdraw"
            title={<Trans>Withdraw the invitation to {title}?</Trans>}
            description={
              <Trans>The restaurant can no longer accept it. You can invite it again later.</Trans>
            }
            confirmLabel={<Trans>Withdraw</Trans>}
            onConfirm={() => remove(msg`Invitation withdrawn`)}
          >
            <UndoIcon aria-hidden="true" />
            <Trans>Withdraw</Trans>
          </ConfirmButton>
        )}
        {(row.status === inviteStatuses.active ||
          (row.status === inviteStatuses.declined && filter !== 'all')) && (
          <ConfirmButton
            size="sm"
            destructive
            testId="invite-remove"
            title={<Trans>Remove {title} from the food court?</Trans>}
            description={
              filter === 'all' ? (
                <Trans>The restaurant leaves the food court and can be invited again.</Trans>
              ) : (
                <Trans>The invitation is deleted. The restaurant leaves the food court.</Trans>
              )
            }
            confirmLabel={<Trans>Remove</Trans>}
            onConfirm={() => remove(msg`Restaurant removed`)}
          >
            <XIcon aria-hidden="true" />
            <Trans>Remove</Trans>
          </ConfirmButton>
        )}
      </div>
    </li>
  )
}
