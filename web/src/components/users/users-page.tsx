import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type InferDataFromTag, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SearchIcon, UsersIcon, XIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { UserAvatar } from '~/components/profile/user-avatar.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { DataTable, dataColumns, type ServerPages } from '~/components/ui/data-table.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Tabs, TabsList, TabsScroll, TabsTrigger, useFilterTabs } from '~/components/ui/tabs.tsx'
import {
  type UsersFilter,
  type UserTypeFilter,
  usersQueryOptions,
  userTypeFilters,
} from '~/lib/queries/users.ts'
import { userTypeFilterNames, userTypeNames } from './user-type.ts'

type TextFilter = 'name' | 'email' | 'phone'

/** Waits until typing pauses before passing the value on. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

function FilterInput({
  name,
  label,
  value,
  onChange,
  type = 'search',
}: {
  name: TextFilter
  label: string
  value: string
  onChange: (name: TextFilter, value: string) => void
  type?: string
}) {
  const [text, setText] = useState(value)
  const debounced = useDebounced(text)
  // The URL is the truth: follow it when it changes from outside (back button, a cleared filter).
  useEffect(() => setText(value), [value])
  // What was typed before the page was hydrated is in the field but not in React's state: keep it.
  const input = useRef<HTMLInputElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed !== value) setText(typed)
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change is passed on
  useEffect(() => {
    if (debounced.trim() !== value) onChange(name, debounced.trim())
  }, [debounced])
  const id = `users-filter-${name}`
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-[13px]/normal text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={input}
          id={id}
          type={type}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
          data-testid={`users-filter-${name}`}
        />
      </div>
    </div>
  )
}

/** The admin's list of users of every portal, filtered by type, name, e-mail and phone. */
export function UsersPage({
  filter,
  onFilterChange,
}: {
  filter: UsersFilter
  onFilterChange: (change: Partial<UsersFilter>) => void
}) {
  const { t, i18n } = useLingui()
  const tabs = useFilterTabs(filter.type)
  const users = useQuery(usersQueryOptions(filter))
  const filtered = Boolean(filter.name || filter.email || filter.phone)

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">
            <Trans>Users</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>Everyone with an account on any portal.</Trans>
          </p>
        </div>
        {users.data && (
          <p className="text-sm text-muted-foreground" data-testid="users-count">
            <Trans>{users.data.count} users</Trans>
          </p>
        )}
      </header>

      <Tabs value={filter.type} onValueChange={(v) => onFilterChange({ type: v as UserTypeFilter, page: 1 })}>
        <TabsScroll>
          <TabsList aria-label={t`User type`}>
            {userTypeFilters.map((type) => (
              <TabsTrigger key={type} value={type} {...tabs.trigger(type)} data-testid={`users-type-${type}`}>
                {i18n._(userTypeFilterNames[type])}
              </TabsTrigger>
            ))}
          </TabsList>
        </TabsScroll>
      </Tabs>

      <Card className="gap-4" {...tabs.panel}>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <FilterInput
              name="name"
              label={t`Name`}
              value={filter.name ?? ''}
              onChange={(k, v) => onFilterChange({ [k]: v || undefined, page: 1 })}
            />
            <FilterInput
              name="email"
              label={t`E-mail address`}
              value={filter.email ?? ''}
              onChange={(k, v) => onFilterChange({ [k]: v || undefined, page: 1 })}
            />
            <FilterInput
              name="phone"
              label={t`Phone`}
              type="tel"
              value={filter.phone ?? ''}
              onChange={(k, v) => onFilterChange({ [k]: v || undefined, page: 1 })}
            />
          </div>
          {filtered && (
            <div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  onFilterChange({ name: undefined, email: undefined, phone: undefined, page: 1 })
                }
              >
                <XIcon aria-hidden="true" />
                <Trans>Clear filters</Trans>
              </Button>
            </div>
          )}

          {users.isPending ? (
            <RowsSkeleton rows={8} />
          ) : users.isError ? (
            <LoadError onRetry={() => users.refetch()}>
              <Trans>The users could not be loaded.</Trans>
            </LoadError>
          ) : users.data.results.length === 0 ? (
            <EmptyState icon={<UsersIcon aria-hidden="true" className="size-6" />}>
              {filtered ? (
                <Trans>No user matches these filters.</Trans>
              ) : (
                <Trans>There are no users of this type yet.</Trans>
              )}
            </EmptyState>
          ) : (
            <UsersTable
              users={users.data.results}
              dimmed={users.isPlaceholderData}
              pages={{
                page: filter.page,
                pages: users.data.pages,
                count: users.data.count,
                onPageChange: (page) => onFilterChange({ page }),
                disabled: users.isFetching,
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

/** A user of the list, as the users query answers it. */
type User = InferDataFromTag<unknown, ReturnType<typeof usersQueryOptions>['queryKey']>['results'][number]

const column = dataColumns<User>()

const userColumns = column.columns([
  column.accessor('full_name', {
    id: 'name',
    meta: { label: msg`Name` },
    sortFn: 'text',
    cell: ({ row }) => (
      <Link
        to="/user/$uuid"
        params={{ uuid: row.original.uuid }}
        className="flex items-center gap-3 font-medium text-foreground after:absolute after:inset-0 hover:text-primary-700 focus-visible:outline-none focus-visible:after:ring-[3px] focus-visible:after:ring-ring/40"
      >
        <UserAvatar src={row.original.avatar} name={row.original.full_name} className="size-8 text-xs" />
        {row.original.full_name || '—'}
      </Link>
    ),
  }),
  column.accessor('email', {
    meta: { label: msg`E-mail address`, cellClassName: 'max-w-64 truncate text-muted-foreground' },
    sortFn: 'text',
  }),
  column.accessor((user) => (user.phone ? `${user.phone_code ?? ''} ${user.phone}`.trim() : ''), {
    id: 'phone',
    meta: { label: msg`Phone`, from: 'md', cellClassName: 'text-muted-foreground' },
    sortFn: 'alphanumeric',
    cell: ({ getValue }) => getValue() || '—',
  }),
  column.accessor('type', {
    meta: { label: msg`Type`, from: 'sm' },
    sortFn: 'basic',
    cell: ({ getValue }) => <UserTypeName type={getValue()} />,
  }),
  column.accessor('created', {
    meta: { label: msg`Member since`, from: 'xl', cellClassName: 'text-muted-foreground' },
    sortFn: 'datetime',
    sortDescFirst: true,
    cell: ({ getValue }) => <MemberSince created={getValue()} />,
  }),
  column.accessor('is_active', {
    id: 'status',
    meta: { label: msg`Status` },
    sortFn: 'basic',
    cell: ({ getValue }) =>
      getValue() ? (
        <Badge variant="success">
          <Trans>Active</Trans>
        </Badge>
      ) : (
        <Badge variant="destructive">
          <Trans>Disabled</Trans>
        </Badge>
      ),
  }),
])

function UsersTable({ users, dimmed, pages }: { users: User[]; dimmed: boolean; pages: ServerPages }) {
  const { t } = useLingui()
  return (
    <DataTable
      id="users"
      data={users}
      columns={userColumns}
      getRowId={(user) => user.uuid}
      label={t`Users`}
      testId="users-table"
      dimmed={dimmed}
      pages={pages}
      rowProps={() => ({ 'data-testid': 'users-row', className: 'relative' })}
    />
  )
}

function UserTypeName({ type }: { type: User['type'] }) {
  const { i18n } = useLingui()
  const name = userTypeNames[type]
  return name ? i18n._(name) : type
}

function MemberSince({ created }: { created: string }) {
  const { i18n } = useLingui()
  return i18n.date(created, { dateStyle: 'medium' })
}
