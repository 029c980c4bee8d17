import {
  getCookie,
  getRequestHeader,
  getRequestProtocol,
  setResponseHeader,
} from '@tanstack/react-start/server'
import { type Config, loadConfig, portalForHost } from '../../../modules/platform/config.ts'
import type { Bootstrap } from './bootstrap.ts'
import { defaultLocale, isLocale, localeStorageKey, negotiateLocale } from './i18n.ts'

let hosts:
  | Pick<Config, 'ADMIN_HOST' | 'PROGRAMS_HOST' | 'ACCEPTOR_HOST' | 'CARDHOLDER_HOST' | 'BUSINESS_TIME_ZONE'>
  | undefined

/**
 * Portal, language and business time zone of the request being rendered. Only the host variables
 * and the time zone are read, so the web server does not depend on settings (database, keys) it
 * never uses.
 */
export function bootstrapFromRequest(): Bootstrap {
  hosts ??= loadConfig({
    ADMIN_HOST: process.env.ADMIN_HOST,
    PROGRAMS_HOST: process.env.PROGRAMS_HOST,
    ACCEPTOR_HOST: process.env.ACCEPTOR_HOST,
    CARDHOLDER_HOST: process.env.CARDHOLDER_HOST,
    BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE?.trim() || undefined,
  })
  const host = getRequestHeader('host') ?? ''
  const portal = portalForHost(host, hosts)
  // Links to the other portals (a sign-in on the wrong one points there): same scheme and port.
  const port = /:\d+$/.exec(host)?.[0] ?? ''
  const origin = (names: string[], fallback: string) =>
    `${getRequestProtocol()}://${names[0] ?? fallback}${port}`
  const portalOrigins = {
    admin: origin(hosts.ADMIN_HOST, 'admin.localhost'),
    programs: origin(hosts.PROGRAMS_HOST, 'programs.localhost'),
    acceptor: origin(hosts.ACCEPTOR_HOST, 'acceptor.localhost'),
    cardholder: origin(hosts.CARDHOLDER_HOST, 'localhost'),
  }
  const stored = getCookie(localeStorageKey)
  const locale = isLocale(stored)
    ? stored
    : (negotiateLocale(getRequestHeader('accept-language')) ?? defaultLocale)
  // The same URL renders differently per host and language: shared caches must keep them apart.
  setResponseHeader('vary', 'Host, Cookie, Accept-Language')
  const name = host.toLowerCase().replace(/:\d+$/, '')
  const own = [hosts.ADMIN_HOST, hosts.PROGRAMS_HOST, hosts.ACCEPTOR_HOST, hosts.CARDHOLDER_HOST].flat()
  const brandable = portal === 'cardholder' && name !== '' && !own.includes(name)
  return { portal, locale, portalOrigins, timeZone: hosts.BUSINESS_TIME_ZONE, brandable }
}
