/**
 * A post's link to one of the platform's own pages (issue 17 item 4; docs/feed.md, "Own links"):
 * a restaurant (`/food/place/{uuid}`) or a bill (`/bills/{uuid}`) on the host the viewer is on.
 * The web recognises it and shows a compact card from the platform's own API with the viewer's own
 * rights; anything else is an ordinary link.
 */
export type OwnLink = { kind: 'restaurant'; uuid: string } | { kind: 'bill'; uuid: string }

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const patterns: [OwnLink['kind'], RegExp][] = [
  ['restaurant', new RegExp(`^/food/place/(${uuid})/?$`, 'i')],
  ['bill', new RegExp(`^/bills/(${uuid})/?$`, 'i')],
]

export function ownLink(link: string, host: string): OwnLink | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.host.toLowerCase() !== host.toLowerCase()) return null
  for (const [kind, pattern] of patterns) {
    const m = pattern.exec(url.pathname)
    if (m?.[1]) return { kind, uuid: m[1].toLowerCase() }
  }
  return null
}
