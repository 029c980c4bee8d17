import type { Portal } from '~/lib/portal.ts'
import { type OwnLink, ownLink as ownLinkOn } from '../../../../modules/feed/shared.ts'

export type { OwnLink }

/**
 * A post's link to one of the platform's own pages (issue 17 item 4; docs/feed.md, "Own links"):
 * a restaurant, a bill or a card program's order page, on the host the viewer is on or one of the
 * portals' hosts (the rule is the API's, modules/feed/shared.ts, so what the preview step leaves
 * alone is what the web shows as a block). The web shows it as a compact card from the platform's
 * own API with the viewer's own rights; anything else is an ordinary link.
 */
export function ownLink(
  link: string,
  host: string,
  portalOrigins?: Partial<Record<Portal, string>>,
): OwnLink | null {
  const hosts = [host]
  for (const origin of Object.values(portalOrigins ?? {})) {
    try {
      if (origin) hosts.push(new URL(origin).host)
    } catch {
      // Not an origin: nothing to add.
    }
  }
  return ownLinkOn(link, hosts)
}
