import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { type Answer, api } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { profileKeys, sessionsQueryOptions } from '~/lib/queries/profile.ts'

/** The devices signed in to this account, with a way to sign any other one out. */
export function ActiveSessions() {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQueryOptions())
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })

  const endOne = useMutation({
    mutationFn: (uuid: string) => api.delete(`/user/profile/sessions/${uuid}`),
    onSuccess: () => notify.success(msg`That device is signed out.`),
    onError: () =>
      notify.error(msg`That device could not be signed out.`, { description: msg`Please try again.` }),
    onSettled: refresh,
  })
  const endOthers = useMutation({
    mutationFn: () => api.delete<Answer<'/user/profile/sessions', 'delete'>>('/user/profile/sessions'),
    onSuccess: () => notify.success(msg`All your other devices are signed out.`),
    onError: () =>
      notify.error(msg`Your other devices could not be signed out.`, { description: msg`Please try again.` }),
    onSettled: refresh,
  })

  const others = sessions.data?.filter((s) => !s.current).length ?? 0

  return (
    <Card data-testid="sessions">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <Trans>Signed-in devices</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Where your account is signed in right now.</Trans>
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={others === 0 || endOthers.isPending}
          aria-busy={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          <LogOutIcon aria-hidden="true" />
          <Trans>Sign out all other devices</Trans>
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <RowsSkeleton rows={2} />
        ) : sessions.isError ? (
          <LoadError onRetry={() => sessions.refetch()} />
        ) : (
          <ul className="divide-y rounded-lg border">
            {sessions.data.map((s) => (
              <li key={s.uuid} className="flex flex-wrap items-center gap-3 p-3" data-testid="session">
                <MonitorSmartphoneIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {s.device}
                    {s.current && (
                      <Badge variant="success">
                        <Trans>This device</Trans>
                      </Badge>
                    )}
                  </p>
                  <p className="text-[13px] text-muted-foreground">
                    {s.address ?? '—'} ·{' '}
                    <Trans>
                      last active{' '}
                      <time dateTime={s.last_used}>
                        {i18n.date(s.last_used, { dateStyle: 'medium', timeStyle: 'short' })}
                      </time>
                    </Trans>
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={endOne.isPending && endOne.variables === s.uuid}
                    onClick={() => endOne.mutate(s.uuid)}
                  >
                    <Trans>Sign out this device</Trans>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
