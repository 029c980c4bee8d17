import type { I18n } from '@lingui/core'
import type { TitlePart } from '~/lib/head.ts'
import type { FoodBrand } from './queries.ts'

/**
 * A restaurant's brand in the page's head, rendered on the server (docs/food.md, "Domain → brand"):
 * its SEO title, description, keywords and language, its favicon in the sizes the API makes, its
 * theme's 10 shades as CSS variables (`--brand-50` … `--brand-900`, which also become the page's
 * primary colour), and its Google Analytics tag. Its colour as `theme-color` is the root's one tag
 * (`themeColor`, brand-of-page.ts).
 */

const shadeSteps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const
const hexColour = /^#[0-9a-f]{3,8}$/i
const analyticsId = /^[A-Za-z0-9-]{1,40}$/

/** The candidates of a `srcset` (`url 32w, url 180w`) by width. */
function candidates(srcset: string): { url: string; width: number }[] {
  return srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .flatMap(([url, w]) => (url && w ? [{ url, width: Number.parseInt(w, 10) }] : []))
}

/** The CSS that turns the page into the brand's colours (only well-formed colours pass). */
export function brandStyle(brand: FoodBrand): string | undefined {
  const colours = brand.theme.colors
  if (colours.length !== shadeSteps.length || !colours.every((c) => hexColour.test(c))) return undefined
  const lines = shadeSteps.flatMap((step, i) => [
    `--brand-${step}:${colours[i]}`,
    `--color-primary-${step}:var(--brand-${step})`,
  ])
  return `:root{${lines.join(';')}}`
}

/** The page title on a branded domain: the page's own parts, then the brand's title. */
export function brandTitle(i18n: I18n, brand: FoodBrand | null, ...parts: TitlePart[]): string {
  const words = parts.flatMap((part) => {
    if (!part) return []
    const word = typeof part === 'string' ? part : i18n._(part)
    return word.trim() ? [word.trim()] : []
  })
  const last = brand ? brand.seo_title.trim() || brand.restaurant.title : 'Cardpay'
  return [...words, last].join(' · ')
}

type Head = {
  meta: Record<string, string>[]
  links: Record<string, string>[]
  styles: { children: string }[]
  scripts: Record<string, string | boolean>[]
}

/**
 * Everything of the brand that goes in the head, apart from the title (each page sets its own) and
 * `theme-color` (the root's, `themeColor` in brand-of-page.ts).
 */
export function brandHead(brand: FoodBrand | null): Head {
  const head: Head = { meta: [], links: [], styles: [], scripts: [] }
  if (!brand) return head
  const style = brandStyle(brand)
  if (style) head.styles.push({ children: style })
  if (brand.seo_description.trim()) head.meta.push({ name: 'description', content: brand.seo_description })
  if (brand.seo_keywords.trim()) head.meta.push({ name: 'keywords', content: brand.seo_keywords })
  if (brand.seo_language.trim()) {
    head.meta.push({ httpEquiv: 'content-language', content: brand.seo_language })
    head.meta.push({ property: 'og:locale', content: brand.seo_language })
  }
  head.meta.push({ property: 'og:site_name', content: brand.seo_title.trim() || brand.restaurant.title })
  const favicon = brand.favicon_logo
  if (favicon) {
    const sizes = candidates(favicon.srcset_fallback)
    const small = sizes.find((c) => c.width === 32) ?? sizes[0]
    const touch = sizes.find((c) => c.width === 180)
    head.links.push({ rel: 'icon', type: 'image/png', sizes: '32x32', href: small?.url ?? favicon.url })
    if (touch) head.links.push({ rel: 'apple-touch-icon', sizes: '180x180', href: touch.url })
  }
  const ga = brand.google_analytics_id.trim()
  if (analyticsId.test(ga)) {
    head.scripts.push({ src: `https://www.googletagmanager.com/gtag/js?id=${ga}`, async: true })
    head.scripts.push({
      children: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','${ga}')`,
    })
  }
  return head
}
