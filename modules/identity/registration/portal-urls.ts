import type { Config, Portal } from '../../platform/config.ts'

/**
 * An absolute URL on a portal's host: the first host name configured for the portal
 * (`PROGRAMS_HOST` etc.) with PUBLIC_URL's scheme and port, so that in development a program
 * owner's link is http://programs.localhost:3000/... and in production https://programs.example.com/...
 */
export function portalUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'ADMIN_HOST' | 'PROGRAMS_HOST' | 'ACCEPTOR_HOST' | 'CARDHOLDER_HOST'>,
  portal: Portal,
  path: string,
  query: Record<string, string> = {},
): string {
  const hosts = {
    admin: config.ADMIN_HOST,
    programs: config.PROGRAMS_HOST,
    acceptor: config.ACCEPTOR_HOST,
    cardholder: config.CARDHOLDER_HOST,
  }[portal]
  const url = new URL(config.PUBLIC_URL)
  if (hosts[0]) url.hostname = hosts[0]
  url.pathname = path
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  return url.toString()
}
