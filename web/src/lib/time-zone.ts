import { useRouteContext } from '@tanstack/react-router'

/**
 * The business time zone when the settings name none (`BUSINESS_TIME_ZONE`, as the API's
 * `modules/platform/dates.ts`). Kept apart from `business-days.ts` so that the page's entry, which
 * reads the zone, does not load the date library.
 */
export const defaultBusinessTimeZone = 'Europe/Amsterdam'

let pageZone = defaultBusinessTimeZone

/**
 * Set once by the root route from `lib/bootstrap.ts`, for code outside components (a form's checks).
 * The zone is a setting of the whole platform, so the server may keep it for every request.
 */
export function setPageTimeZone(timeZone: string): void {
  pageZone = timeZone
}

/** The business time zone outside components; in components `useBusinessTimeZone()`. */
export const pageTimeZone = () => pageZone

/** The business time zone of this page (the root route has it from `lib/bootstrap.ts`). */
export function useBusinessTimeZone(): string {
  return useRouteContext({ from: '__root__', select: (c) => c.timeZone })
}
