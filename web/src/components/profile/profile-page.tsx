import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LoadError } from '~/components/shared/states.tsx'
import { Card, CardContent, CardHeader } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { profileQueryOptions } from '~/lib/queries/profile.ts'
import { AvatarUpload } from './avatar-upload.tsx'
import { LoginHistory } from './login-history.tsx'
import { PasswordForm } from './password-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { ActiveSessions } from './sessions.tsx'
import { UserAvatar } from './user-avatar.tsx'

/** `/profile` on every portal: own details, photo, password, devices and sign-in history. */
export function ProfilePage() {
  const { i18n } = useLingui()
  const profile = useQuery(profileQueryOptions())

  if (profile.isPending) return <ProfileSkeleton />
  if (profile.isError)
    return (
      <LoadError onRetry={() => profile.refetch()}>
        <Trans>Your profile could not be loaded.</Trans>
      </LoadError>
    )
  const me = profile.data
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex items-center gap-4">
        <UserAvatar src={me.avatar} name={me.full_name} className="size-16 text-xl" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight" data-testid="profile-name">
            {me.full_name}
          </h1>
          <p className="text-sm text-muted-foreground">
            <span className="font-mono break-all" data-testid="profile-username">
              {me.username}
            </span>{' '}
            ·{' '}
            <Trans>
              member since <time dateTime={me.created}>{i18n.date(me.created, { dateStyle: 'long' })}</time>
            </Trans>
          </p>
        </div>
      </header>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ProfileForm profile={me} />
        <aside className="grid gap-6 lg:sticky lg:top-24">
          <AvatarUpload profile={me} />
          <PasswordForm email={me.email} />
        </aside>
      </div>
      <ActiveSessions />
      <LoginHistory />
    </div>
  )
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-6" data-testid="profile-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-72" />
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader>
            <Skeleton className="h-6 w-40" />
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-16" />
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid place-items-center gap-4">
            <Skeleton className="size-28 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
