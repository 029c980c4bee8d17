import { useQuery } from '@tanstack/react-query'
import { businessToday } from '~/lib/business-days.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { courtQueryOptions } from './api.ts'

/**
 * Today in the court's zone, by which its orders are dated (`order_date`): the browser's own day is
 * wrong for an hour or more around midnight when the browser runs elsewhere. The court's settings
 * are already loaded on its page; without a court (a restaurant's own view), or until they are, the
 * platform's business zone, which is also a court's default.
 */
export function useCourtToday(court: string | undefined): string {
  const businessZone = useBusinessTimeZone()
  const settings = useQuery({ ...courtQueryOptions(court ?? ''), enabled: Boolean(court) })
  return businessToday(settings.data?.time_zone ?? businessZone)
}
