import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { Config } from '../platform/config.ts'
import { foodFileDir, imageFileName } from './files.ts'
import type { BrandJson } from './queries/brand.ts'
import { defaultBrandColor } from './shared.ts'

/**
 * The web app manifest of a host (issue 14; docs/food.md, "Domain → brand"): on a restaurant's
 * domain its name, description, language and colour, and icons made from its own pictures; on the
 * platform's hosts Cardpay's. Linked from every page's head (`<link rel="manifest">`), answered by
 * the API per host at `/manifest.webmanifest`, with its icons at `/icons/192.png` and `/icons/512.png`
 * of the same host.
 *
 * The icons come from the first of: the brand's favicon (PNG, at least 512×512), its app logo (PNG,
 * at least 256×256), the restaurant's picture (cropped to a square from its middle), and otherwise
 * Cardpay's own icon drawn in the brand's colour. They are made with sharp when first asked for and
 * kept in the process; the manifest names them with a version (`?v=`) that changes with the source,
 * so a new logo is fetched again.
 */

export const iconSizes = [192, 512] as const
export type IconSize = (typeof iconSizes)[number]

/** Where a host's icons are made from. */
export type IconSource =
  | { kind: 'logo'; file: string; version: string }
  | { kind: 'photo'; file: string; version: string }
  | { kind: 'default'; color: string; version: string }

const hexColour = /^#[0-9a-f]{6}$/i

/** The icon source of a brand (undefined: the platform's host). */
export function iconSource(brand: BrandJson | undefined): IconSource {
  const color =
    brand && hexColour.test(brand.theme.color) ? brand.theme.color.toLowerCase() : defaultBrandColor
  const logo = brand?.favicon_logo ?? brand?.app_logo
  if (logo) {
    const widths = widthsOf(logo.srcset_fallback)
    const width = widths.includes(512) ? 512 : (widths.at(-1) ?? logo.width)
    return { kind: 'logo', file: imageFileName(logo.uuid, width, 'png'), version: logo.uuid.slice(-12) }
  }
  const photo = brand?.restaurant.image
  if (photo) {
    const widths = widthsOf(photo.srcset_fallback)
    const width = widths.at(-1) ?? photo.width
    return { kind: 'photo', file: imageFileName(photo.uuid, width, 'jpg'), version: photo.uuid.slice(-12) }
  }
  return { kind: 'default', color, version: color.slice(1) }
}

/** The widths of a `srcset` (`… 160w, … 320w`), smallest first. */
function widthsOf(srcset: string): number[] {
  return srcset
    .split(',')
    .map((part) => Number.parseInt(part.trim().split(/\s+/)[1] ?? '', 10))
    .filter((w) => Number.isFinite(w))
    .sort((a, b) => a - b)
}

/** The manifest's JSON for a host: the brand's (a restaurant's domain) or the platform's. */
export function webManifest(brand: BrandJson | undefined): Record<string, unknown> {
  const source = iconSource(brand)
  const icons = iconSizes.map((size) => ({
    src: `/icons/${size}.png?v=${source.version}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: 'any',
  }))
  if (!brand) {
    return {
      name: 'Cardpay',
      short_name: 'Cardpay',
      description: 'Cards, payments and food ordering',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: defaultBrandColor,
      background_color: '#ffffff',
      icons,
    }
  }
  const name = brand.seo_title.trim() || brand.restaurant.title
  return {
    name,
    // Home screens show about 12 characters under an icon; the restaurant's own name fits best.
    short_name: brand.restaurant.title.length <= 12 ? brand.restaurant.title : name.slice(0, 12).trim(),
    description: brand.seo_description.trim() || brand.restaurant.description,
    lang: brand.seo_language,
    // `/` on the restaurant's domain opens the restaurant (web: brandStart).
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: source.kind === 'default' ? source.color : brand.theme.color,
    background_color: '#ffffff',
    icons,
  }
}

/** Cardpay's icon (web/public/favicon.svg), its blue replaced by `color`. */
export function defaultIconSvg(color: string): string {
  const fill = hexColour.test(color) ? color : defaultBrandColor
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${fill}"/><rect x="6.5" y="9" width="19" height="14" rx="3" fill="#fff"/><rect x="6.5" y="12.5" width="19" height="2.75" fill="#c5d5ff"/><path d="M10 19.25h4.5" stroke="${fill}" stroke-width="1.75" stroke-linecap="round"/></svg>`
}

const made = new Map<string, Buffer>()

/**
 * The PNG icon of `size` from a source, made once per process (a few kept; a missing file falls
 * back to the default icon in the brand's colour).
 */
export async function iconPng(
  config: Pick<Config, 'DATA_DIR'>,
  source: IconSource,
  size: IconSize,
): Promise<Buffer> {
  const key = `${source.kind}:${source.kind === 'default' ? source.color : source.file}:${size}`
  const kept = made.get(key)
  if (kept) return kept
  let png: Buffer
  if (source.kind === 'default') {
    png = await sharp(Buffer.from(defaultIconSvg(source.color)), { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer()
  } else {
    const input = await readFile(path.join(foodFileDir(config), source.file)).catch(() => null)
    if (!input) return iconPng(config, { kind: 'default', color: defaultBrandColor, version: '' }, size)
    png = await sharp(input)
      .resize(size, size, {
        // A logo is shown whole on a transparent square; a photo fills the square from its middle.
        fit: source.kind === 'logo' ? 'contain' : 'cover',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png({ compressionLevel: 9 })
      .toBuffer()
  }
  if (made.size >= 200) made.clear()
  made.set(key, png)
  return png
}
