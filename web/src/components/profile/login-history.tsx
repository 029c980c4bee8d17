import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { HistoryIcon } from 'lucide-react'
import { useState } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { loginHistoryQueryOptions } from '~/lib/queries/profile.ts'

/** Every sign-in attempt on this account, newest first: when, from where, on what, and whether it worked. */
export function LoginHistory() {
  const { i18n, t } = useLingui()
  const [page, setPage] = useState(1)
  const history = useQuery(loginHistoryQueryOptions(page))

  return (
    <Card data-testid="login-history">
      <CardHeader>
        <CardTitle>
          <Trans>Login history</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Every attempt to sign in to your account. Anything you do not recognise? Change your password.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <RowsSkeleton />
        ) : history.isError ? (
          <LoadError onRetry={() => history.refetch()} />
        ) : history.data.results.length === 0 ? (
          <EmptyState icon={<HistoryIcon aria-hidden="true" className="size-6" />}>
            <Trans>No sign-ins yet.</Trans>
          </EmptyState>
        ) : (
          <>
            <Table aria-label={t`Login history`}>
              <TableHeader>
                <TableRow>
                  <TableHead>
                    <Trans>Time</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Address</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Device</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Result</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={history.isPlaceholderData ? 'opacity-60' : undefined}>
                {history.data.results.map((entry, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the page order is stable
                  <TableRow key={`${entry.time}-${i}`}>
                    <TableCell>
                      <time dateTime={entry.time}>
                        {i18n.date(entry.time, { dateStyle: 'medium', timeStyle: 'short' })}
                      </time>
                    </TableCell>
                    <TableCell className="font-mono text-[13px]">{entry.address ?? '—'}</TableCell>
                    <TableCell className="whitespace-normal">{entry.device}</TableCell>
                    <TableCell>
                      {entry.success ? (
                        <Badge variant="success">
                          <Trans>Signed in</Trans>
                        </Badge>
                      ) : (
                        <Badge variant="destructive">
                          <Trans>Failed</Trans>
                        </Badge>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pages={history.data.pages}
              count={history.data.count}
              onPageChange={setPage}
              disabled={history.isFetching}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
