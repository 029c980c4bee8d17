import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  BanIcon,
  LayersIcon,
  LoaderCircleIcon,
  LockIcon,
  SaveIcon,
  ShieldAlertIcon,
  Trash2Icon,
  UnlockIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { CreditBillsSection } from '~/components/credit/bills-section.tsx'
import { CreditRemindersSection } from '~/components/credit/reminders-section.tsx'
import { CourtProgramSections } from '~/components/food-court/program-sections.tsx'
import { FoodProgramSections } from '~/components/food-owner/program-sections.tsx'
import { NotFound } from '~/components/not-found.tsx'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { ProgramStatusBadge, ProgramTypeName } from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { NotificationsSection } from '~/components/terminal/notifications-section.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { notify } from '~/lib/notify.tsx'
import { AcceptorsSection } from './acceptors-section.tsx'
import { deleteProgram, programChanged, updateProgram } from './actions.ts'
import { CardBatches } from './card-batches.tsx'
import { CardSection } from './card-section.tsx'
import { CardSpending } from './card-spending.tsx'
import { EditProgramButton } from './edit-program-dialog.tsx'
import { isForbidden, isNotFound, programErrorMessage } from './errors.ts'
import { MethodsSaveButton, MethodsWithKeys, UsedMethods } from './methods-with-keys.tsx'
import { ProgramFinances } from './program-finances.tsx'
import {
  isDraft,
  type Program,
  type ProgramMethod,
  programKeys,
  programMethodsQueryOptions,
  programQueryOptions,
  programStatuses,
  programTypes,
  slugOfType,
} from './queries.ts'

/**
 * `/programs/{uuid}` on the program-owner and admin portals: the program's overview (type, status,
 * currency, created, activated), Block (answered 202) and Unblock, and for the owner editing,
 * the payment methods of a payment program and the acceptors; a card program's card (with "Order
 * cards"), its card batches and where its cards were spent. An admin also sees the owner.
 * Another owner's program is "not found" (the API answers 404), a refused call "access denied".
 */
export function ProgramPage({ uuid }: { uuid: string }) {
  const program = useQuery(programQueryOptions(uuid))
  if (program.isPending) return <ProgramSkeleton />
  if (program.isError) {
    if (isNotFound(program.error)) return <ProgramMissing kind="not-found" />
    if (isForbidden(program.error)) return <ProgramMissing kind="denied" />
    return <LoadError onRetry={() => program.refetch()} />
  }
  return <ProgramView program={program.data} />
}

function Back() {
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/programs" data-testid="program-back">
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Programs</Trans>
      </Link>
    </Button>
  )
}

function Detail({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

const blockable: readonly number[] = [
  programStatuses.active,
  programStatuses.pending,
  programStatuses.expired,
]

function ProgramView({ program }: { program: Program }) {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const isAdmin = portal === 'admin'
  const isOwner = portal === 'programs'
  const draft = isDraft(program.status.id)
  const blocked = program.status.id === programStatuses.blocked
  const slug = slugOfType(program.type.id)
  const date = (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' })
  const blockedAt = program.blocked ? date(program.blocked.at) : ''

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="program-page" data-uuid={program.uuid}>
      <Back />
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  id="screen-title"
                  data-testid="screen-title"
                  className="text-2xl font-semibold tracking-tight"
                >
                  {program.title}
                </h1>
                <ProgramStatusBadge status={program.status} testId="program-detail-status" />
              </div>
              <p className="text-sm text-muted-foreground" data-testid="program-detail-type">
                <ProgramTypeName type={program.type} />
              </p>
            </div>
            <ProgramActions program={program} isAdmin={isAdmin} isOwner={isOwner} />
          </div>
          {program.description && (
            <p
              className="text-sm whitespace-pre-line text-muted-foreground"
              data-testid="program-description"
            >
              {program.description}
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          {blocked && program.blocked && (
            <div
              role="status"
              data-testid="program-blocked-notice"
              className="flex gap-3 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] text-destructive"
            >
              <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                {program.blocked.by === 'admin' ? (
                  <Trans>
                    Blocked by an administrator on {blockedAt}. Acceptors and card holders cannot use it.
                  </Trans>
                ) : (
                  <Trans>
                    Blocked by its owner on {blockedAt}. Acceptors and card holders cannot use it.
                  </Trans>
                )}
                {isOwner && program.blocked.by === 'admin' && (
                  <>
                    {' '}
                    <Trans>Only an administrator can unblock it.</Trans>
                  </>
                )}
              </p>
            </div>
          )}
          {draft && isOwner && slug && (
            <div
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary-200 bg-primary-50/60 px-4 py-3 text-sm"
              data-testid="program-draft-notice"
            >
              <p>
                <Trans>This program is a draft. Finish its setup to activate it.</Trans>
              </p>
              <Button size="sm" asChild>
                <Link
                  to="/programs/$type/draft/$uuid"
                  params={{ type: slug, uuid: program.uuid }}
                  data-testid="program-continue"
                >
                  <Trans>Continue setup</Trans>
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            </div>
          )}
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label={<Trans>Type</Trans>} testId="program-overview-type">
              <ProgramTypeName type={program.type} />
            </Detail>
            <Detail label={<Trans>Status</Trans>} testId="program-overview-status">
              <ProgramStatusBadge status={program.status} />
            </Detail>
            <Detail label={<Trans>Currency</Trans>} testId="program-overview-currency">
              {program.currency}
            </Detail>
            <Detail label={<Trans>Created</Trans>} testId="program-overview-created">
              <time dateTime={program.created}>{date(program.created)}</time>
            </Detail>
            <Detail label={<Trans>Activated</Trans>} testId="program-overview-activated">
              {program.activated ? (
                <time dateTime={program.activated}>{date(program.activated)}</time>
              ) : (
                <span className="text-muted-foreground">
                  <Trans>Not yet</Trans>
                </span>
              )}
            </Detail>
            {isAdmin && (
              <Detail label={<Trans>Owner</Trans>} testId="program-overview-owner">
                <Link
                  to="/user/$uuid"
                  params={{ uuid: program.owner.uuid }}
                  className="text-primary-600 hover:underline"
                >
                  {program.owner.name || '—'}
                </Link>
                <Link
                  to="/programs"
                  search={{ owner: program.owner.uuid }}
                  className="mt-0.5 block text-[13px] text-muted-foreground hover:text-primary-700 hover:underline"
                  data-testid="program-owner-programs"
                >
                  <Trans>All programs of this owner</Trans>
                </Link>
              </Detail>
            )}
          </dl>
        </CardContent>
      </Card>

      {program.type.id === programTypes.creditManagement && !draft && (
        <CreditBillsSection
          program={program}
          canIssue={isOwner && program.status.id === programStatuses.active}
        />
      )}

      {program.type.id === programTypes.creditManagement && !draft && (
        <CreditRemindersSection program={program} canEdit={isOwner && !blocked} />
      )}

      {(program.type.id === programTypes.paymentManagement ||
        program.type.id === programTypes.creditManagement) &&
        !draft && <PaymentMethodsCard program={program} canEdit={isOwner && !blocked} />}

      {isOwner && program.type.id === programTypes.paymentManagement && !draft && (
        <NotificationsSection program={program.uuid} />
      )}

      {program.type.id === programTypes.foodsManagement && !draft && isOwner && !blocked && (
        <FoodProgramSections program={program} />
      )}

      {program.type.id === programTypes.foodCourtManagement && !draft && isOwner && !blocked && (
        <CourtProgramSections program={program} />
      )}

      {program.type.id === programTypes.card && !draft && <CardSection program={program} isOwner={isOwner} />}

      {program.type.id === programTypes.card && !draft && (
        <CardBatches program={program} canOrder={isOwner && program.status.id === programStatuses.active} />
      )}

      {program.type.id === programTypes.card && !draft && <CardSpending program={program} />}

      {!draft && <AcceptorsSection program={program} canManage={isOwner} />}

      {isOwner && !draft && <ProgramFinances program={program} />}
    </div>
  )
}

/** Block, unblock, edit and delete, as the program's status and the reader's role allow. */
function ProgramActions({
  program,
  isAdmin,
  isOwner,
}: {
  program: Program
  isAdmin: boolean
  isOwner: boolean
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [unblocking, setUnblocking] = useState(false)
  const status = program.status.id
  const title = program.title
  const draft = isDraft(status)
  const canUnblock =
    status === programStatuses.blocked && (isAdmin || (isOwner && program.blocked?.by === 'owner'))

  const block = async () => {
    try {
      const saved = await updateProgram(program.uuid, { status: programStatuses.blocked })
      programChanged(queryClient, saved)
      notify.success(msg`Program blocked`, {
        description: msg`Acceptors and card holders can no longer use it.`,
      })
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
      notify.error(programErrorMessage(error))
    }
  }

  const unblock = async () => {
    setUnblocking(true)
    try {
      const saved = await updateProgram(program.uuid, { status: programStatuses.active })
      programChanged(queryClient, saved)
      notify.success(msg`Program unblocked`)
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
      notify.error(programErrorMessage(error))
    } finally {
      setUnblocking(false)
    }
  }

  const remove = async () => {
    try {
      await deleteProgram(program.uuid)
      queryClient.removeQueries({ queryKey: programKeys.detail(program.uuid) })
      void queryClient.invalidateQueries({ queryKey: programKeys.lists() })
      notify.success(msg`Draft deleted`)
      await navigate({ to: '/programs', replace: true })
    } catch (error) {
      notify.error(programErrorMessage(error))
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {isOwner && !draft && status !== programStatuses.blocked && <EditProgramButton program={program} />}
      {isOwner && draft && (
        <ConfirmButton
          variant="ghost"
          destructive
          testId="delete-draft"
          title={<Trans>Delete this draft?</Trans>}
          description={<Trans>The draft and everything set in it are removed. This cannot be undone.</Trans>}
          confirmLabel={<Trans>Delete draft</Trans>}
          onConfirm={remove}
        >
          <Trash2Icon aria-hidden="true" />
          <Trans>Delete draft</Trans>
        </ConfirmButton>
      )}
      {(isOwner || isAdmin) && blockable.includes(status) && (
        <ConfirmButton
          variant="outline"
          destructive
          testId="program-block"
          title={<Trans>Block “{title}”?</Trans>}
          description={
            <Trans>
              The program becomes unavailable: acceptors cannot take payments in it and card holders cannot
              pay. It can be unblocked later.
            </Trans>
          }
          confirmLabel={<Trans>Block program</Trans>}
          onConfirm={block}
        >
          <BanIcon aria-hidden="true" />
          <Trans>Block</Trans>
        </ConfirmButton>
      )}
      {canUnblock && (
        <Button
          variant="outline"
          onClick={unblock}
          disabled={unblocking || !hydrated}
          aria-busy={unblocking}
          data-testid="program-unblock"
        >
          {unblocking ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <UnlockIcon aria-hidden="true" />
          )}
          <Trans>Unblock</Trans>
        </Button>
      )}
    </div>
  )
}

/** A payment program's methods: the owner changes them (one must stay in use), an admin reads them. */
function PaymentMethodsCard({ program, canEdit }: { program: Program; canEdit: boolean }) {
  const { i18n } = useLingui()
  const methods = useQuery(programMethodsQueryOptions(program.uuid))
  return (
    <Card data-testid="program-methods">
      <CardHeader>
        <CardTitle>
          <Trans>Payment methods</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>How payers can pay in this program, and the provider that takes each method.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {methods.isPending ? (
          <RowsSkeleton rows={3} />
        ) : methods.isError ? (
          <LoadError onRetry={() => methods.refetch()}>
            {i18n._(programErrorMessage(methods.error))}
          </LoadError>
        ) : canEdit ? (
          <MethodsCardForm key={methods.dataUpdatedAt} program={program} methods={methods.data.results} />
        ) : (
          <UsedMethods methods={methods.data.results} itemTestId="used-method" />
        )}
      </CardContent>
    </Card>
  )
}

function MethodsCardForm({ program, methods }: { program: Program; methods: ProgramMethod[] }) {
  return (
    <MethodsWithKeys
      program={program}
      methods={methods}
      afterSave={async () => {
        notify.success(msg`Payment methods saved`)
      }}
    >
      {(state) => (
        <div className="flex justify-end">
          <MethodsSaveButton {...state} testId="methods-save" icon={<SaveIcon aria-hidden="true" />}>
            <Trans>Save payment methods</Trans>
          </MethodsSaveButton>
        </div>
      )}
    </MethodsWithKeys>
  )
}

/** A program that is not there for this user: unknown, deleted or another owner's (404). */
export function ProgramNotFound() {
  return (
    <NotFound
      testId="program-not-found"
      icon={LayersIcon}
      title={<Trans>Program not found</Trans>}
      back={{ to: '/programs', label: <Trans>All programs</Trans> }}
    >
      <Trans>There is no program at this address, or it is not yours. It may have been deleted.</Trans>
    </NotFound>
  )
}

export function ProgramMissing({ kind }: { kind: 'not-found' | 'denied' }) {
  if (kind === 'not-found') return <ProgramNotFound />
  return (
    <Card data-testid="program-denied" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <ShieldAlertIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 id="screen-title" data-testid="screen-title" className="text-xl font-semibold">
          <Trans>Access denied</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>This program belongs to someone else.</Trans>
        </p>
        <Button variant="outline" asChild>
          <Link to="/programs">
            <Trans>All programs</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function ProgramSkeleton() {
  return (
    <Card data-testid="program-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <CardContent className="grid gap-3">
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-20 w-full" />
      </CardContent>
    </Card>
  )
}
