import { createIsomorphicFn } from '@tanstack/react-start'
import { defaultLocale, isLocale, type Locale } from './i18n.ts'
import { isPortal, type Portal } from './portal.ts'
import { defaultBusinessTimeZone } from './time-zone.ts'

export interface Bootstrap {
  portal: Portal
  locale: Locale
  /** Scheme, host and port of each portal, for links from one portal to another. */
  portalOrigins: Record<Portal, string>
  /**
   * The business time zone (`BUSINESS_TIME_ZONE`): "today" and the date presets of the finance
   * screens are its days (`business-days.ts`), as the API's are.
   */
  timeZone: string
  /**
   * The card-holder portal on a host that is none of the platform's own names: it may be a
   * restaurant's domain with a brand (docs/food.md, "Domain → brand"), so the brand is looked up.
   */
  brandable: boolean
}

/** The document carries the business time zone for the browser (`data-time-zone`, see __root). */
function documentTimeZone(): string {
  const zone = document.documentElement.dataset.timeZone
  try {
    if (zone) {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return zone
    }
  } catch {
    // Not a zone this browser knows: the platform's default.
  }
  return defaultBusinessTimeZone
}

/** The document carries the portal origins for the browser (`data-portal-origins`, see __root). */
function documentPortalOrigins(): Record<Portal, string> {
  const fallback = { admin: '', programs: '', acceptor: '', cardholder: '' }
  try {
    const parsed: unknown = JSON.parse(document.documentElement.dataset.portalOrigins ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? { ...fallback, ...parsed } : fallback
  } catch {
    return fallback
  }
}

/**
 * The portal (from the host name), language and business time zone of this page. The server
 * decides from the request and its settings; in the browser the rendered document already carries
 * them, so no round trip is needed.
 */
export const readBootstrap = createIsomorphicFn()
  .server(async (): Promise<Bootstrap> => {
    const { bootstrapFromRequest } = await import('./bootstrap.server.ts')
    return bootstrapFromRequest()
  })
  .client(async (): Promise<Bootstrap> => {
    const root = document.documentElement
    return {
      portal: isPortal(root.dataset.portal) ? root.dataset.portal : 'cardholder',
      locale: isLocale(root.lang) ? root.lang : defaultLocale,
      portalOrigins: documentPortalOrigins(),
      timeZone: documentTimeZone(),
      brandable: root.dataset.brandable === '',
    }
  })
