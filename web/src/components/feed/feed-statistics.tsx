import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { businessToday, shiftDate } from '~/lib/business-days.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { feedStatisticsQueryOptions } from './queries.ts'

/**
 * The feed's figures on the admin statistics page (issue 17, item 8): posts, comments and likes per
 * day over the last 30 days in the business time zone (`GET feed/admin/statistics`), the newest
 * day first, with the totals.
 */
export function FeedStatistics() {
  const { i18n } = useLingui()
  const today = businessToday(useBusinessTimeZone())
  const from = shiftDate(today, -29)
  const stats = useQuery(feedStatisticsQueryOptions(from, today))
  const days = [...(stats.data?.results ?? [])].reverse()
  const total = days.reduce(
    (sum, d) => ({
      posts: sum.posts + d.posts,
      comments: sum.comments + d.comments,
      likes: sum.likes + d.likes,
    }),
    { posts: 0, comments: 0, likes: 0 },
  )
  const day = (date: string) =>
    i18n.date(new Date(`${date}T12:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' })
  return (
    <section aria-labelledby="feed-statistics-title" className="grid gap-3" data-testid="feed-statistics">
      <h2 id="feed-statistics-title" className="text-lg font-semibold">
        <Trans>Posts, comments and likes</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>The last 30 days, per day.</Trans>
      </p>
      {stats.isPending ? (
        <RowsSkeleton rows={3} />
      ) : stats.isError ? (
        <LoadError onRetry={() => stats.refetch()}>{i18n._(describeApiError(stats.error))}</LoadError>
      ) : (
        <div className="rounded-md border">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="px-3 py-2 font-medium">
                  <Trans>Day</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <Trans>Posts</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <Trans>Comments</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <Trans>Likes</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b font-medium" data-testid="feed-statistics-total">
                <th scope="row" className="px-3 py-2 text-left">
                  <Trans>Total</Trans>
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{total.posts}</td>
                <td className="px-3 py-2 text-right tabular-nums">{total.comments}</td>
                <td className="px-3 py-2 text-right tabular-nums">{total.likes}</td>
              </tr>
              {days.map((d) => (
                <tr key={d.date} className="border-b last:border-0">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    <time dateTime={d.date}>{day(d.date)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{d.posts}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{d.comments}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{d.likes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
