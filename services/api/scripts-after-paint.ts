/**
 * Scripts after the first paint, for the pages people open to read (the food area's list, a
 * restaurant, a dish): the server's HTML is the whole page, so its scripts (the entry and the
 * route chunks TanStack Start preloads) are asked for once the browser has painted it, not beside
 * the stylesheet and the page's largest picture.
 *
 * Why: on a phone's connection (Lighthouse's mobile preset: 1.6 Mbit/s, 150 ms round trips, six
 * HTTP/1.1 connections) some 30 script files fetched at once share the line with the picture, and
 * Lighthouse counts every file that arrived before the largest paint as needed for it: the
 * restaurant page's LCP was about 3 s for a picture of 7 KB (docs/food.md, "Speed"). After the
 * paint the same files load in the same order; the page takes over (hydrates) a few frames later.
 *
 * The rewrite is of TanStack Start's own tags, as it writes them: each
 * `<link rel="modulepreload" href="…">` is left out and the entry's
 * `<script type="module" async src="…">` becomes a small script that, after the next frame, adds
 * those preloads and the entry to the head. A page without these tags passes unchanged.
 */

const preloadLink = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g
const entryScript = /<script type="module" async="" src="([^"]+)"><\/script>/

/** The inline loader: after the frame that paints the page (at once in a hidden tab, which does not paint). */
function loader(entry: string, preloads: string[]): string {
  // Asset paths from the build's manifest; `<` escaped all the same, so no text can end the script.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const body = `var p=${json(preloads)},s=${json(entry)};function go(){p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});var e=document.createElement("script");e.type="module";e.async=true;e.src=s;document.head.appendChild(e)}if(document.visibilityState==="visible")requestAnimationFrame(function(){setTimeout(go,0)});else go()`
  return `<script>(function(){${body}})()</script>`
}

/** The pages it is for: `/food`, `/food/place/{uuid}`, `/food/product/{uuid}`. */
export const readingPage = (pathname: string) => /^\/food(\/(place|product)\/[^/]+)?\/?$/.test(pathname)

/** A rewriter for one page's HTML, fed in pieces: what it returns is final; `end()` gives the rest. */
export function scriptsAfterPaint() {
  const preloads: string[] = []
  let pending = ''
  let done = false
  const rewrite = (text: string) => {
    if (done) return text
    let out = text.replace(preloadLink, (_tag, href: string) => {
      preloads.push(href)
      return ''
    })
    out = out.replace(entryScript, (_tag, src: string) => {
      done = true
      return loader(src, preloads)
    })
    return out
  }
  return {
    push(chunk: string): string {
      if (done) {
        const out = pending + chunk
        pending = ''
        return out
      }
      pending += chunk
      // Only whole tags: keep from the last `<` on for the next piece, and the entry's script
      // from its start until its closing tag has come too.
      let cut = pending.lastIndexOf('<')
      if (cut === -1) cut = pending.length
      const open = pending.lastIndexOf('<script type="module"', cut)
      if (open !== -1) {
        const close = pending.indexOf('</script>', open)
        if (close === -1 || close + '</script>'.length > cut) cut = open
      }
      const ready = pending.slice(0, cut)
      pending = pending.slice(cut)
      return rewrite(ready)
    },
    end(): string {
      const rest = rewrite(pending)
      pending = ''
      return rest
    },
  }
}

/** The same for a whole response: its body rewritten as it streams, its length no longer known. */
export function withScriptsAfterPaint(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response
  const rewriter = scriptsAfterPaint()
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = rewriter.push(decoder.decode(chunk, { stream: true }))
        if (text) controller.enqueue(encoder.encode(text))
      },
      flush(controller) {
        const text = rewriter.push(decoder.decode()) + rewriter.end()
        if (text) controller.enqueue(encoder.encode(text))
      },
    }),
  )
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
