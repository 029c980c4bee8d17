import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ArrowLeftIcon, GlobeIcon, UserXIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTitleLabels } from '~/components/profile/titles.ts'
import { UserAvatar } from '~/components/profile/user-avatar.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { ApiError } from '~/lib/api.ts'
import { isLocale, localeNames } from '~/lib/i18n.ts'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import { userQueryOptions } from '~/lib/queries/users.ts'
import { UserAccess } from './user-access.tsx'
import { userTypeNames } from './user-type.ts'

function Detail({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid content-start gap-0.5" data-testid={testId}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

const joined = (...parts: (string | number | null | undefined)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ')

/** `/user/{uuid}`: who someone is; an admin also sees the whole profile and can disable the user. */
export function UserPage({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const titleLabels = useTitleLabels()
  const isAdmin = useRouteContext({ from: '__root__', select: (c) => c.portal === 'admin' })
  const countries = useQuery({ ...countriesQueryOptions(i18n.locale), enabled: isAdmin })
  const countryName = (code: unknown) =>
    typeof code === 'string' && code
      ? (countries.data?.find((c) => c.code === code.toUpperCase())?.name ?? code)
      : null
  const user = useQuery({
    ...userQueryOptions(uuid),
  })

  if (user.isPending) return <UserSkeleton />
  if (user.isError) {
    const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400)
    return missing ? <UserNotFound /> : <LoadError onRetry={() => user.refetch()} />
  }
  const u = user.data
  const title = u.title && u.title in titleLabels ? titleLabels[u.title as keyof typeof titleLabels] : null
  const admin = isAdmin && u.email !== undefined

  return (
    <div className="grid gap-6" data-testid="user-page">
      {isAdmin && (
        <Button variant="ghost" size="sm" asChild className="w-fit">
          <Link to="/users">
            <ArrowLeftIcon aria-hidden="true" />
            <Trans>All users</Trans>
          </Link>
        </Button>
      )}
      <Card>
        <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <UserAvatar src={u.avatar} name={u.full_name} className="size-24 text-2xl" />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight" data-testid="user-name">
                {joined(title, u.full_name)}
              </h1>
              {!u.is_active && (
                <Badge variant="destructive" data-testid="user-disabled">
                  <Trans>Disabled</Trans>
                </Badge>
              )}
            </div>
            {(u.position || u.company_name) && (
              <p className="text-muted-foreground" data-testid="user-company">
                {[u.position, u.company_name].filter(Boolean).join(' · ')}
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              <Trans>
                Member since <time dateTime={u.created}>{i18n.date(u.created, { dateStyle: 'long' })}</time>
              </Trans>
              {userTypeNames[u.type] && <> · {i18n._(userTypeNames[u.type]!)}</>}
            </p>
          </div>
          {admin && <UserAccess uuid={u.uuid} name={u.full_name} isActive={u.is_active} />}
        </CardContent>
      </Card>

      {(u.description || u.url) && (
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>About</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {u.description && (
              <p className="text-sm whitespace-pre-line" data-testid="user-description">
                {u.description}
              </p>
            )}
            {u.url && /^https?:\/\//i.test(u.url) && (
              <a
                href={u.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="flex w-fit items-center gap-1.5 text-sm text-primary-600 hover:underline"
              >
                <GlobeIcon aria-hidden="true" className="size-4" />
                {u.url.replace(/^https?:\/\//i, '')}
              </a>
            )}
          </CardContent>
        </Card>
      )}

      {admin && (
        <Card data-testid="user-admin-details">
          <CardHeader>
            <CardTitle>
              <Trans>Full profile</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Detail label={<Trans>E-mail address</Trans>} testId="user-email">
                <a href={`mailto:${u.email}`} className="text-primary-600 hover:underline">
                  {u.email}
                </a>
              </Detail>
              <Detail label={<Trans>Phone</Trans>}>{joined(u.phone_code, u.phone) || '—'}</Detail>
              {u.company_phone !== undefined && u.legal_type === 1 && (
                <Detail label={<Trans>Company phone</Trans>}>
                  {joined(u.company_phone_code, u.company_phone) || '—'}
                </Detail>
              )}
              {u.language !== undefined && (
                <Detail label={<Trans>Language of e-mails</Trans>}>
                  {isLocale(u.language) ? localeNames[u.language] : '—'}
                </Detail>
              )}
              {u.birth_date !== undefined && (
                <Detail label={<Trans>Date of birth</Trans>}>
                  {u.birth_date ? i18n.date(String(u.birth_date), { dateStyle: 'long' }) : '—'}
                </Detail>
              )}
              {u.legal_type !== undefined && (
                <Detail label={<Trans>Legal form</Trans>}>
                  {u.legal_type === 1 ? <Trans>Company</Trans> : <Trans>Individual</Trans>}
                </Detail>
              )}
              {u.company_reg_number !== undefined && u.legal_type === 1 && (
                <Detail label={<Trans>Chamber of commerce number</Trans>}>
                  {u.company_reg_number || '—'}
                </Detail>
              )}
              {u.company_vat_number !== undefined && u.legal_type === 1 && (
                <Detail label={<Trans>VAT number</Trans>}>{u.company_vat_number || '—'}</Detail>
              )}
              {u.address !== undefined && (
                <Detail label={<Trans>Address</Trans>}>
                  {joined(u.address, u.zip, u.city, u.state, countryName(u.country)) || '—'}
                </Detail>
              )}
              {u.delivery_street !== undefined && (
                <Detail label={<Trans>Delivery address</Trans>}>
                  {joined(u.delivery_street, u.delivery_house, u.delivery_apartment) || '—'}
                </Detail>
              )}
              {u.billing_address !== undefined && (
                <Detail label={<Trans>Billing address</Trans>}>
                  {joined(
                    u.billing_address,
                    u.billing_zip,
                    u.billing_city,
                    u.billing_state,
                    countryName(u.billing_country),
                  ) || '—'}
                </Detail>
              )}
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function UserNotFound() {
  return (
    <Card data-testid="user-not-found" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <UserXIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">
          <Trans>User not found</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>There is no user at this address. The link may be wrong or out of date.</Trans>
        </p>
        <Button variant="outline" asChild>
          <Link to="/">
            <Trans>Go to the start page</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function UserSkeleton() {
  return (
    <Card data-testid="user-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <CardContent className="flex items-center gap-6">
        <Skeleton className="size-24 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
      </CardContent>
    </Card>
  )
}
