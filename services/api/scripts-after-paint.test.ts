import { describe, expect, it } from 'vitest'
import { readingPage, scriptsAfterPaint, withScriptsAfterPaint } from './scripts-after-paint.ts'

/** The tags as TanStack Start writes them (web/dist/server renders them so). */
const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/index-A.js" fetchPriority="low"/>',
  '<link rel="modulepreload" href="/assets/route-B.js" fetchPriority="low"/>',
  '<link rel="preload" href="/assets/inter.woff2" as="font"/></head><body><main><img src="/hero.webp"/></main>',
  '<script>self.$_TSR={}</script><script type="module" async="" src="/assets/index-A.js"></script>',
  '<script>$_TSR.e()</script></body></html>',
].join('')

function rewrite(pieces: string[]): string {
  const rewriter = scriptsAfterPaint()
  return pieces.map((p) => rewriter.push(p)).join('') + rewriter.end()
}

describe('scripts after the first paint (docs/food.md, "Speed")', () => {
  it('leaves out the preloads and loads them and the entry from a script after the next frame', () => {
    const out = rewrite([page])
    expect(out).not.toContain('<link rel="modulepreload"')
    expect(out).not.toContain('<script type="module"')
    expect(out).toContain('var p=["/assets/index-A.js","/assets/route-B.js"],s="/assets/index-A.js"')
    expect(out).toContain('requestAnimationFrame(function(){setTimeout(go,0)})')
    // Everything else as it was, in its place.
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
    expect(out).toContain('<link rel="preload" href="/assets/inter.woff2" as="font"/></head>')
    expect(out).toContain('<script>self.$_TSR={}</script><script>(function(){')
    expect(out.endsWith('<script>$_TSR.e()</script></body></html>')).toBe(true)
  })

  it('gives the same page however the stream cuts it', () => {
    const whole = rewrite([page])
    for (let cut = 1; cut < page.length; cut += 7) {
      expect(rewrite([page.slice(0, cut), page.slice(cut)])).toBe(whole)
    }
    expect(rewrite([...page])).toBe(whole)
  })

  it('passes a page without those tags unchanged', () => {
    const plain = '<html><head></head><body><p>a > b</p></body></html>'
    expect(rewrite([plain])).toBe(plain)
  })

  it('is for the food area’s list, restaurants and dishes only', () => {
    expect(['/food', '/food/', '/food/place/abc', '/food/product/abc'].every(readingPage)).toBe(true)
    expect(['/', '/food/cart/1', '/food/court', '/checkout/abc', '/foods'].some(readingPage)).toBe(false)
  })

  it('rewrites an HTML response as it streams and drops its length', async () => {
    const response = withScriptsAfterPaint(
      new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '1' } }),
    )
    expect(response.headers.get('content-length')).toBeNull()
    expect(await response.text()).toBe(rewrite([page]))
    const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } })
    expect(withScriptsAfterPaint(json)).toBe(json)
  })
})
