/**
 * The preview of a page: its title, description, image and site name, from the Open Graph and
 * Twitter card tags of its head, else its `<title>` and description. Read with patterns over the
 * first part of the page (no HTML parser, no script runs); texts are decoded, trimmed and cut, the
 * image kept only as an https address (the web shows it; we never fetch it).
 */

export interface LinkPreview {
  url: string
  title: string | null
  description: string | null
  image: string | null
  site_name: string | null
}

const limits = { title: 300, description: 1000, site: 100 } as const

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return named[name.toLowerCase()] ?? whole
  })
}

const clean = (value: string | undefined, max: number): string | null => {
  if (value === undefined) return null
  const text = decodeEntities(value)
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
  if (text === '') return null
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>()
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attrs.set(m[1]!.toLowerCase(), m[3] ?? m[4] ?? m[5] ?? '')
  }
  return attrs
}

/** The preview of `html`, the page at `url` (after redirects: relative image addresses resolve against it). */
export function parsePreview(html: string, url: string): LinkPreview {
  const head = html.slice(0, 256 * 1024)
  const meta = new Map<string, string>()
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(m[0])
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase()
    const content = attrs.get('content')
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content)
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1]
  const rawImage = meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image')
  let image: string | null = null
  if (rawImage) {
    try {
      const resolved = new URL(decodeEntities(rawImage).trim(), url)
      if (resolved.protocol === 'https:' && !resolved.username && resolved.href.length <= 2048)
        image = resolved.href
    } catch {
      image = null
    }
  }
  return {
    url,
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? titleTag, limits.title),
    description: clean(
      meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'),
      limits.description,
    ),
    image,
    site_name: clean(meta.get('og:site_name'), limits.site),
  }
}
