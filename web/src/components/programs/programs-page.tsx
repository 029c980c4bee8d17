import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { LayersIcon, UserIcon, XIcon } from 'lucide-react'
import { SearchField } from '~/components/finances/filters.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { ProgramStatusBadge, ProgramTypeName, programTypeNames } from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { DataTable, dataColumns, type ServerPages } from '~/components/ui/data-table.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Tabs, TabsList, TabsTrigger, useFilterTabs } from '~/components/ui/tabs.tsx'
import { programErrorMessage } from './errors.ts'
import { NewProgramButton } from './new-program-dialog.tsx'
import {
  isDraft,
  type Program,
  type ProgramFilterName,
  type ProgramsSearch,
  type ProgramType,
  programFilters,
  programsQueryOptions,
  programTypeIds,
  slugOfType,
} from './queries.ts'

/**
 * `/programs` for program owners (their own programs) and admins (everyone's, with the owner):
 * tabs all / active / draft, a title search, a type filter and pages, all in the URL. An owner
 * starts a new program here; a draft row opens the creation wizard where it was left.
 */
export function ProgramsPage({
  search,
  onSearchChange,
}: {
  search: ProgramsSearch
  onSearchChange: (change: Partial<ProgramsSearch>) => void
}) {
  const { t, i18n } = useLingui()
  const tabs = useFilterTabs(search.filter)
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const isAdmin = portal === 'admin'
  const programs = useQuery(programsQueryOptions(search))
  const filtered = Boolean(search.search || search.type || search.owner)
  const ownerName = search.owner
    ? programs.data?.results.find((p) => p.owner.uuid === search.owner)?.owner.name
    : undefined

  const filterNames: Record<ProgramFilterName, string> = {
    all: t({ message: 'All', context: 'programs filter' }),
    active: t({ message: 'Active', context: 'programs filter' }),
    draft: t({ message: 'Drafts', context: 'programs filter' }),
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Programs</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            {isAdmin ? (
              <Trans>Every program on the platform, of every owner.</Trans>
            ) : (
              <Trans>Your card, credit management, payment and food programs.</Trans>
            )}
          </p>
        </div>
        {!isAdmin && <NewProgramButton />}
      </header>

      <Tabs
        value={search.filter}
        onValueChange={(v) => onSearchChange({ filter: v as ProgramFilterName, page: 1 })}
      >
        <TabsList aria-label={t`Programs to show`}>
          {programFilters.map((filter) => (
            <TabsTrigger
              key={filter}
              value={filter}
              {...tabs.trigger(filter)}
              data-testid={`programs-tab-${filter}`}
            >
              {filterNames[filter]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>

      <Card className="gap-4" {...tabs.panel}>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3 sm:[&>*:first-child]:col-span-2">
            <SearchField
              id="programs-search"
              label={t({ message: 'Title', context: 'program' })}
              value={search.search ?? ''}
              onChange={(value) => onSearchChange({ search: value || undefined, page: 1 })}
              testId="programs-search"
            />
            <div className="grid gap-1.5">
              <Label htmlFor="programs-type" className="text-[13px]/normal text-muted-foreground">
                <Trans>Type</Trans>
              </Label>
              <Select
                value={search.type ? String(search.type) : 'all'}
                onValueChange={(v) =>
                  onSearchChange({ type: v === 'all' ? undefined : (Number(v) as ProgramType), page: 1 })
                }
              >
                <SelectTrigger id="programs-type" data-testid="programs-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">
                    <Trans>All types</Trans>
                  </SelectItem>
                  {programTypeIds.map((id) => (
                    <SelectItem key={id} value={String(id)}>
                      {i18n._(programTypeNames[id]!)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {isAdmin && search.owner && (
              <Badge variant="outline" className="gap-1.5 py-1" data-testid="programs-owner-filter">
                <UserIcon aria-hidden="true" />
                {ownerName ? <Trans>Owner: {ownerName}</Trans> : <Trans>One owner</Trans>}
              </Badge>
            )}
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  onSearchChange({ search: undefined, type: undefined, owner: undefined, page: 1 })
                }
                data-testid="programs-clear"
              >
                <XIcon aria-hidden="true" />
                <Trans>Clear filters</Trans>
              </Button>
            )}
            {programs.data && <ProgramCount count={programs.data.count} />}
          </div>

          {programs.isPending ? (
            <RowsSkeleton rows={6} />
          ) : programs.isError ? (
            <LoadError onRetry={() => programs.refetch()}>
              {i18n._(programErrorMessage(programs.error))}
            </LoadError>
          ) : programs.data.results.length === 0 ? (
            <EmptyState icon={<LayersIcon aria-hidden="true" className="size-6" />}>
              {search.page > 1 ? (
                <>
                  <Trans>This page is past the last program.</Trans>
                  <Button variant="outline" size="sm" onClick={() => onSearchChange({ page: 1 })}>
                    <Trans>First page</Trans>
                  </Button>
                </>
              ) : filtered ? (
                <Trans>No program matches these filters.</Trans>
              ) : isAdmin ? (
                <Trans>No program owner has created a program yet.</Trans>
              ) : search.filter === 'draft' ? (
                <Trans>You have no drafts. A program you start is kept here until you activate it.</Trans>
              ) : search.filter === 'active' ? (
                <Trans>None of your programs is active yet.</Trans>
              ) : (
                <>
                  <Trans>You have no programs yet. Start with the kind of program you need.</Trans>
                  <NewProgramButton size="sm" />
                </>
              )}
            </EmptyState>
          ) : (
            <ProgramsTable
              programs={programs.data.results}
              isAdmin={isAdmin}
              dimmed={programs.isPlaceholderData}
              pages={{
                page: search.page,
                pages: programs.data.pages,
                count: programs.data.count,
                onPageChange: (page) => onSearchChange({ page }),
                disabled: programs.isFetching,
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function ProgramCount({ count }: { count: number }) {
  return (
    <p className="ml-auto text-sm text-muted-foreground" data-testid="programs-count">
      <Plural value={count} one="# program" other="# programs" />
    </p>
  )
}

function ProgramLink({ program, isAdmin }: { program: Program; isAdmin: boolean }) {
  const className =
    'font-medium text-foreground after:absolute after:inset-0 hover:text-primary-700 focus-visible:outline-none focus-visible:after:ring-[3px] focus-visible:after:ring-ring/40'
  const slug = slugOfType(program.type.id)
  // An owner's draft opens where its setup was left; everything else opens the program's page.
  if (!isAdmin && slug && isDraft(program.status.id)) {
    return (
      <Link
        to="/programs/$type/draft/$uuid"
        params={{ type: slug, uuid: program.uuid }}
        className={className}
        data-testid="program-link"
      >
        {program.title}
      </Link>
    )
  }
  return (
    <Link
      to="/programs/$uuid"
      params={{ uuid: program.uuid }}
      className={className}
      data-testid="program-link"
    >
      {program.title}
    </Link>
  )
}

const column = dataColumns<Program>()

/** The programs' columns; the owner's is the admin's alone. */
const programColumns = (isAdmin: boolean) =>
  column.columns([
    column.accessor('title', {
      meta: {
        label: msg({ message: 'Title', context: 'program' }),
        cellClassName: 'max-w-80 whitespace-normal',
      },
      sortFn: 'text',
      cell: ({ row }) => (
        <>
          <ProgramLink program={row.original} isAdmin={isAdmin} />
          {row.original.description && (
            <span className="mt-0.5 line-clamp-1 text-xs text-muted-foreground">
              {row.original.description}
            </span>
          )}
        </>
      ),
    }),
    column.accessor((program) => program.type.id, {
      id: 'type',
      meta: { label: msg`Type`, from: 'sm', cellTestId: 'program-type' },
      sortFn: 'basic',
      cell: ({ row }) => <ProgramTypeName type={row.original.type} />,
    }),
    ...(isAdmin
      ? [
          column.accessor((program) => program.owner.name, {
            id: 'owner',
            meta: {
              label: msg`Owner`,
              from: 'md',
              cellClassName: 'text-muted-foreground',
              cellTestId: 'program-owner',
            },
            sortFn: 'text',
            cell: ({ getValue }) => getValue() || '—',
          }),
        ]
      : []),
    column.accessor((program) => program.status.title, {
      id: 'status',
      meta: { label: msg`Status` },
      sortFn: 'text',
      cell: ({ row }) => <ProgramStatusBadge status={row.original.status} testId="program-status" />,
    }),
    column.accessor('currency', {
      meta: { label: msg`Currency`, from: 'lg', cellClassName: 'text-muted-foreground' },
      sortFn: 'text',
    }),
    column.accessor('created', {
      meta: { label: msg`Created`, from: 'xl', cellClassName: 'whitespace-nowrap text-muted-foreground' },
      sortFn: 'datetime',
      sortDescFirst: true,
      cell: ({ getValue }) => <CreatedDate created={getValue()} />,
    }),
  ])

const adminProgramColumns = programColumns(true)
const ownerProgramColumns = programColumns(false)

function ProgramsTable({
  programs,
  isAdmin,
  dimmed,
  pages,
}: {
  programs: Program[]
  isAdmin: boolean
  dimmed: boolean
  pages: ServerPages
}) {
  const { t } = useLingui()
  return (
    <DataTable
      id={isAdmin ? 'programs-admin' : 'programs'}
      data={programs}
      columns={isAdmin ? adminProgramColumns : ownerProgramColumns}
      getRowId={(program) => program.uuid}
      label={t`Programs`}
      testId="programs-table"
      dimmed={dimmed}
      pages={pages}
      rowProps={(program) => ({
        'data-testid': 'program-row',
        'data-uuid': program.uuid,
        'data-status': program.status.title,
        className: 'relative',
      })}
    />
  )
}

function CreatedDate({ created }: { created: string }) {
  const { i18n } = useLingui()
  return <time dateTime={created}>{i18n.date(created, { dateStyle: 'medium' })}</time>
}
