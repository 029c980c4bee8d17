import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

/**
 * The two checks every screen of the browser tests passes (issue 12 items 3 and 10): it fits the
 * window without scrolling sideways, and axe finds no serious or critical violation. One place, so
 * that every spec checks the same rules and a failure names the same details.
 *
 *   await expectNoHorizontalScroll(page)
 *   await expectAccessible(page, '[data-testid="order-detail"]')   // without a selector: the whole page
 */

/** The document's width against the window's; when wider, the outermost elements sticking out. */
export function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    if (root.scrollWidth <= width) return null
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX
        if (overflow !== 'visible') return true
      }
      return false
    }
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid')
      const cls =
        typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6).join('.') : ''
      const text = (el.textContent ?? '').trim().slice(0, 40)
      const r = el.getBoundingClientRect()
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}${cls ? ` class="${cls}"` : ''}> ${Math.round(r.width)} px wide, right edge at ${Math.round(r.right)} px: "${text}"`
    }
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.right > width + 0.5 && !clipped(el)
    })
    // The outermost: those whose parent stays inside the window.
    const outermost = sticking.filter((el) => {
      const parent = el.parentElement
      return !parent || parent === document.body || parent.getBoundingClientRect().right <= width + 0.5
    })
    const widest = [...(outermost.length ? outermost : sticking)]
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 3)
    return { scrollWidth: root.scrollWidth, width, widest: widest.map(describe) }
  })
}

/** Fails when the page scrolls sideways, naming the widest elements that stick out. */
export async function expectNoHorizontalScroll(page: Page, what = page.url()) {
  const overflow = await overflowOf(page)
  expect(
    overflow,
    overflow
      ? `${what}: the document is ${overflow.scrollWidth} px wide in a ${overflow.width} px window; widest:\n${overflow.widest.map((w) => `  ${w}`).join('\n')}`
      : what,
  ).toBeNull()
}

/**
 * The element is drawn wholly within the window's width as the page opens: not beyond the right
 * edge, and not cut off by a container that scrolls sideways (a table wider than a phone hid its
 * amounts and buttons that way).
 *
 *   await expectInView(rows.first().getByTestId('batch-amount'))
 */
export async function expectInView(locator: Locator, what = 'the element') {
  const place = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    let left = 0
    let right = document.documentElement.clientWidth
    for (let p = element.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue
      const clip = p.getBoundingClientRect()
      left = Math.max(left, clip.left)
      right = Math.min(right, clip.right)
    }
    return {
      left: Math.round(box.left),
      right: Math.round(box.right),
      visibleLeft: left,
      visibleRight: right,
    }
  })
  expect(
    place.left >= Math.floor(place.visibleLeft) && place.right <= Math.ceil(place.visibleRight),
    `${what} spans ${place.left}–${place.right} px, the window shows ${place.visibleLeft}–${place.visibleRight} px`,
  ).toBe(true)
}

/** The element is a table laid out as one (columns under a header row), not stacked as on a phone. */
export async function expectLaidOutAsTable(table: Locator) {
  const display = await table.evaluate((element) => {
    const row = element.querySelector('tbody tr')
    return {
      table: getComputedStyle(element).display,
      row: row ? getComputedStyle(row).display : 'table-row',
      header: element.querySelector('thead')?.getBoundingClientRect().height ?? 0,
    }
  })
  expect(display.table).toBe('table')
  expect(display.row).toBe('table-row')
  expect(display.header).toBeGreaterThan(10)
}

/**
 * axe-core as @axe-core/playwright uses it. AxeBuilder evaluates its 0.5 MB in the page twice per
 * run; `axeProblems` puts it in once per loaded page and gives AxeBuilder an empty source instead.
 */
const axeSource = (() => {
  const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
  return readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8')
})()

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: a toast sliding in
 * is drawn translucent for its 400 ms, and axe would measure its text's contrast against the page
 * behind it mid-fade (4.43:1, then 2.72:1 on the court wizard), a state no reader sees for long.
 * Endless ones (spinners) are not waited for.
 */
async function settleTransitions(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ])
  })
}

/** Serious and critical axe violations inside `include` (the whole page without), each with the first few elements it found. */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  await settleTransitions(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const builder = new AxeBuilder({ page, axeSource: ';' })
  if (include) builder.include(include)
  const results = await builder
    .setLegacyMode(true)
    // WCAG 2.5.3: a control's name contains its visible words (off by default as experimental).
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
        )
        .join('\n')
      return `  axe ${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}\n${nodes}`
    })
}

/** Fails on any serious or critical axe violation inside `selector`, else the whole page. Nothing is excluded. */
export async function expectAccessible(page: Page, selector?: string) {
  expect(await axeProblems(page, selector), `axe on ${selector ?? 'the page'} of ${page.url()}`).toEqual([])
}

/** Both checks on one screen: it fits the window, and axe passes inside `selector` (else the whole page). */
export async function expectFitsAndAccessible(page: Page, selector?: string) {
  await expectNoHorizontalScroll(page)
  await expectAccessible(page, selector)
}
