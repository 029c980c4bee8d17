import { isServer, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

/**
 * schema.org JSON-LD of a food page, sent once (docs/food.md, "Speed"): the loader reads it on the
 * server and keeps it here for the render of that request only, not in the loader's data or the
 * query cache (both travel to the browser a second time for hydration; for a menu of 200 dishes
 * that was 118 KB more HTML to render and send). The browser, taking over the page, keeps the
 * script the server wrote by reading it back from the document; after a navigation in the browser
 * there is none (search engines read the first HTML).
 */
const kept = new WeakMap<QueryClient, Map<string, string>>()

/** Keeps a page's JSON-LD for the server render of this request (one query client per request). */
export function keepJsonLd(queryClient: QueryClient, id: string, data: unknown): void {
  if (!isServer || !data) return
  let texts = kept.get(queryClient)
  if (!texts) {
    texts = new Map()
    kept.set(queryClient, texts)
  }
  // Nothing in it can close the script element.
  texts.set(id, JSON.stringify(data).replace(/</g, '\\u003c'))
}

const elementId = (id: string) => `json-ld-${id}`

/** The `<script type="application/ld+json">` kept for `id`; render it with `key={id}`. */
export function JsonLd({ id }: { id: string }) {
  const queryClient = useQueryClient()
  const [text] = useState<string | null>(() =>
    isServer
      ? (kept.get(queryClient)?.get(id) ?? null)
      : (document.getElementById(elementId(id))?.textContent ?? null),
  )
  if (!text) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made by keepJsonLd, `<` escaped.
  return <script id={elementId(id)} type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />
}
