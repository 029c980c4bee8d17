import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { Api, Caller } from '../support/factories.ts'
import { pageApi } from './seeding.ts'

/**
 * Checks the browser specs share: a phone-sized page does not scroll sideways, and axe finds
 * nothing serious or critical (WCAG 2.1 A and AA) in a part of the page.
 */

/** No horizontal scroll; on failure, the last elements that stick out. */
export async function expectNoHorizontalScroll(page: Page) {
  const { overflow, widest } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const widest = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}[${el.getAttribute('data-testid') ?? ''}]`)
    return { overflow: document.documentElement.scrollWidth - width, widest }
  })
  expect(overflow, widest.join('\n')).toBeLessThanOrEqual(0)
}

/** No serious or critical axe finding inside `selector` (`exclude`: parts another check owns). */
export async function expectAccessible(page: Page, selector: string, opts: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).include(selector)
  for (const part of opts.exclude ?? []) builder = builder.exclude(part)
  const result = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious, `axe on ${selector}`).toEqual([])
}

/**
 * A signed-in page as a caller of the factories: JSON from inside the page (`pageApi`), multipart
 * uploads (pictures, documents) rebuilt inside the page too (the portals' host names resolve only
 * in the browser), with its cookies and CSRF header.
 */
export function pageCaller(page: Page): Caller {
  const json = pageApi(page)
  const api: Api = async <T>(method: string, path: string, body?: unknown) => {
    if (!(body instanceof FormData)) return json<T>(method, path, body)
    const parts: { name: string; text?: string; b64?: string; filename?: string; type?: string }[] = []
    for (const [name, value] of body.entries()) {
      parts.push(
        typeof value === 'string'
          ? { name, text: value }
          : {
              name,
              b64: Buffer.from(await value.arrayBuffer()).toString('base64'),
              filename: value.name,
              type: value.type,
            },
      )
    }
    return page.evaluate(
      async ({ method, path, parts }) => {
        const form = new FormData()
        for (const p of parts) {
          if (p.text !== undefined) form.append(p.name, p.text)
          else {
            const bytes = Uint8Array.from(atob(p.b64 ?? ''), (c) => c.charCodeAt(0))
            form.append(p.name, new Blob([bytes], { type: p.type }), p.filename)
          }
        }
        const res = await fetch(`/api/v1${path}`, {
          method,
          body: form,
          headers: { 'x-requested-with': 'cardpay' },
        })
        return { status: res.status, body: (await res.json()) as T }
      },
      { method, path, parts },
    )
  }
  return { api }
}
