/** Host names of the portals under test; the defaults match the platform's development hosts. */
export const portalHosts = {
  admin: process.env.E2E_ADMIN_HOST ?? 'admin.localhost',
  programs: process.env.E2E_PROGRAMS_HOST ?? 'programs.localhost',
  acceptor: process.env.E2E_ACCEPTOR_HOST ?? 'acceptor.localhost',
  cardholder: process.env.E2E_CARDHOLDER_HOST ?? 'localhost',
} as const

export type PortalName = keyof typeof portalHosts

const port = Number(process.env.E2E_PORT ?? 3199)

/** Absolute URL of a path on a portal's host, e.g. `portalUrl('admin', '/users')`. */
export function portalUrl(portal: PortalName, path = '/'): string {
  return `http://${portalHosts[portal]}:${port}${path}`
}

/**
 * The sign-in page of a portal: `/`, except on the card-holder portal, whose `/` goes to the food
 * area (spec section 2), so its sign-in page is `/sign-in`.
 */
export function signInUrl(portal: PortalName): string {
  return portalUrl(portal, portal === 'cardholder' ? '/sign-in' : '/')
}
