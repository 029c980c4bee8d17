/**
 * A post's link to one of the platform's own pages (issue 17; docs/feed.md, "Own links"): pure, so
 * the web (which shows such a link as a rich block read with the viewer's own rights) and the link
 * preview step (which does not fetch it) recognise the same links.
 *
 *   restaurant     /food/place/{uuid}
 *   bill           /bills/{uuid}
 *   card_program   a card program's order page: /programs/{uuid}/order (the owner's), /order/{uuid}
 *                  (the card order of the specification's card-holder portal) and the card
 *                  holder's page of the program, /programs/{uuid}
 *
 * Own means on one of the platform's hosts: a host given with a port must match with it, a bare
 * name matches on any port.
 */
export type OwnLinkKind = 'restaurant' | 'bill' | 'card_program'
export interface OwnLink {
  kind: OwnLinkKind
  uuid: string
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const patterns: [OwnLinkKind, RegExp][] = [
  ['restaurant', new RegExp(`^/food/place/(${uuid})/?$`, 'i')],
  ['bill', new RegExp(`^/bills/(${uuid})/?$`, 'i')],
  ['card_program', new RegExp(`^/programs/(${uuid})/order/?$`, 'i')],
  ['card_program', new RegExp(`^/order/(${uuid})/?$`, 'i')],
  ['card_program', new RegExp(`^/programs/(${uuid})/?$`, 'i')],
]

/** The own page a link names, or null (another site, another page, not a link). */
export function ownLink(link: string, hosts: readonly string[]): OwnLink | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const own = hosts.some((host) => {
    const h = host.trim().toLowerCase()
    return h !== '' && (h.includes(':') ? url.host === h : url.hostname === h)
  })
  if (!own) return null
  for (const [kind, pattern] of patterns) {
    const m = pattern.exec(url.pathname)
    if (m?.[1]) return { kind, uuid: m[1].toLowerCase() }
  }
  return null
}
