/**
 * The JavaScript a first visit downloads, per representative page, computed from the web build's
 * manifest (`web/dist/client/.vite/manifest.json`, `build.manifest` in web/vite.config.ts): the
 * entry chunk, the split components of the page's route and of its layout routes, everything those
 * import statically, and one language's catalogs for the page (the largest language): the common
 * one, and on portal screens (`_portal/…`, and the feed's, which loads it too) the portal and payer ones, on the
 * payer's pages (checkout, `/pay`) the payer one, on the food area's pages the food one
 * (web/src/lib/i18n.ts; the other areas'
 * catalogs belong to pages not measured here). Each file is counted once per page,
 * raw, gzip (level 9) and brotli (quality 11); the page fails when its brotli total is over the
 * budget. Code behind a dynamic import (a dialog, the QR scanner, the menus, the toasts) is not
 * counted: it loads when it is used. The numbers depend only on the build output, so the check
 * gives the same answer on every machine.
 *
 *   node scripts/web-weight.ts            the table and the check (exit 1 over a budget)
 *   node scripts/web-weight.ts --build    build first (vite build), as `npm test` does without one
 *   node scripts/web-weight.ts --files    also list the files of every page
 *   node scripts/web-weight.ts --dist d   measure the build in d (default web/dist)
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const KiB = 1024

/**
 * Budgets, brotli: issue 12's, at most 150 KiB for a guest's pages (the payer's, the food area, the
 * sign-in page) and 250 KiB for the portals'. What every page loads is about 124 KiB of it: the
 * entry chunk (118: React DOM 54, TanStack Router and Start 28, TanStack Query 7, seroval 7,
 * React 4, Lingui 3, and about 15 of the app's own: its frame and the route options; loaders are
 * split off with their components) and the largest language's common catalog (6; the checkout and
 * `/pay` add the payer's, about 4, a portal screen the portal's, about 33, and the payer's). (The
 * parts, each compressed alone, add up to a little more than the chunk.)
 */
export const budgets = { guest: 150 * KiB, portal: 250 * KiB } as const

interface Page {
  /** What a person opens. */
  url: string
  /** The route file under web/src/routes; its layout routes are found from its folders. */
  route: string
  kind: keyof typeof budgets
}

/** The payer's pages, the open food area and the sign-in page; per portal its home and a main list. */
export const pages: Page[] = [
  { url: '/checkout/{uuid} (guest)', route: '_dynamic/checkout.$uuid.tsx', kind: 'guest' },
  { url: '/pay (guest)', route: '_dynamic/pay.tsx', kind: 'guest' },
  { url: '/food (guest, card holder home)', route: '_dynamic/food/index.tsx', kind: 'guest' },
  { url: '/food/place/{uuid} (guest)', route: '_dynamic/food/place.$uuid.tsx', kind: 'guest' },
  { url: '/food/product/{uuid} (guest)', route: '_dynamic/food/product.$uuid.tsx', kind: 'guest' },
  { url: '/food/cart/{id} (guest)', route: '_dynamic/food/cart.$id.tsx', kind: 'guest' },
  { url: '/food/cart/{id}/order (guest)', route: '_dynamic/food/cart.$id_.order.tsx', kind: 'guest' },
  { url: '/orders/{uuid} (guest)', route: '_dynamic/_food-orders/orders.$uuid.tsx', kind: 'guest' },
  {
    url: '/orders (guest; acceptor: kitchen)',
    route: '_dynamic/_food-orders/orders.index.tsx',
    kind: 'guest',
  },
  { url: '/ (sign-in, every portal)', route: '_guest/index.tsx', kind: 'guest' },
  { url: 'admin /finances (home)', route: '_portal/finances/index.tsx', kind: 'portal' },
  { url: 'admin /users', route: '_portal/users.tsx', kind: 'portal' },
  { url: 'programs /programs (home)', route: '_portal/programs/index.tsx', kind: 'portal' },
  { url: 'programs /transactions', route: '_portal/transactions/index.tsx', kind: 'portal' },
  { url: 'acceptor /home', route: '_portal/home.tsx', kind: 'portal' },
  { url: 'acceptor /terminal', route: '_portal/terminal/index.tsx', kind: 'portal' },
  { url: 'card holder /cards', route: '_portal/cards/index.tsx', kind: 'portal' },
  { url: '/posts (every portal, feed)', route: '_dynamic/posts/index.tsx', kind: 'portal' },
  { url: '/posts/new (post editor)', route: '_dynamic/posts/new.tsx', kind: 'portal' },
]

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface Size {
  raw: number
  gzip: number
  brotli: number
}

export interface PageWeight {
  page: Page
  files: string[]
  size: Size
  budget: number
}

const root = path.resolve(import.meta.dirname, '..')
const { values: args } = parseArgs({
  options: { build: { type: 'boolean' }, files: { type: 'boolean' }, dist: { type: 'string' } },
})
/** `--dist <dir>` measures another build (an experiment's output directory); default web/dist. */
const clientDir = path.resolve(args.dist ?? path.join(root, 'web', 'dist'), 'client')
const manifestFile = path.join(clientDir, '.vite', 'manifest.json')

const sizeCache = new Map<string, Size>()

function sizeOf(file: string): Size {
  const known = sizeCache.get(file)
  if (known) return known
  const body = readFileSync(path.join(clientDir, file))
  const size = {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  }
  sizeCache.set(file, size)
  return size
}

/** The manifest keys of a route file's split component (`?tsr-split=component`), if it has one. */
function componentKeys(manifest: Manifest, routeFile: string): string[] {
  const prefix = `src/routes/${routeFile}?tsr-split=`
  return Object.keys(manifest).filter((key) => {
    if (!key.startsWith(prefix)) return false
    // Error, not-found and pending components load only when they are shown.
    const groups = key.slice(prefix.length).split('---')
    return groups.includes('component') || groups.includes('loader')
  })
}

/** `_portal/finances/index.tsx` → `_portal.tsx`, `_portal/route.tsx`, `_portal/finances.tsx`, … */
function layoutFiles(routeFile: string): string[] {
  const parts = routeFile.split('/').slice(0, -1)
  return parts.flatMap((_, i) => {
    const dir = parts.slice(0, i + 1).join('/')
    return [`${dir}.tsx`, `${dir}/route.tsx`]
  })
}

/** Keys reachable from `start` through static imports, `start` included. */
function closure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...start]
  while (stack.length) {
    const key = stack.pop()!
    if (seen.has(key)) continue
    const chunk = manifest[key]
    if (!chunk) throw new Error(`web-weight: ${key} is not in the build manifest`)
    seen.add(key)
    stack.push(...(chunk.imports ?? []))
  }
  return seen
}

function total(files: Iterable<string>): Size {
  const sum = { raw: 0, gzip: 0, brotli: 0 }
  for (const file of files) {
    const size = sizeOf(file)
    sum.raw += size.raw
    sum.gzip += size.gzip
    sum.brotli += size.brotli
  }
  return sum
}

/** The payer's pages, which load the `payer` catalog (web/catalog-areas.json) beside the common one. */
const payerRoutes = ['_dynamic/checkout.$uuid.tsx', '_dynamic/pay.tsx']

/** Every representative page's first-load JavaScript, from the build in web/dist. */
export function measure(manifest: Manifest = readManifest()): PageWeight[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  if (entries.length !== 1) throw new Error(`web-weight: expected one entry chunk, found ${entries.length}`)
  const locales = Object.keys(manifest)
    .map((key) => /^src\/locales\/([^/]+)\/messages\.po$/.exec(key)?.[1])
    .filter((locale) => locale !== undefined)
  if (locales.length === 0) throw new Error('web-weight: no language catalog in the build manifest')
  // The page loads one language: count the largest, so every language fits.
  const catalogFiles = (areas: string[]) =>
    locales
      .map((locale) =>
        areas.map((area) => {
          const chunk = manifest[`src/locales/${locale}/${area}.po`]
          if (!chunk) throw new Error(`web-weight: no ${locale}/${area}.po in the build manifest`)
          return chunk.file
        }),
      )
      .sort((a, b) => total(b).brotli - total(a).brotli)[0]!

  return pages.map((page) => {
    const leaf = componentKeys(manifest, page.route)
    if (leaf.length === 0) throw new Error(`web-weight: no split component of ${page.route} in the manifest`)
    const layouts = layoutFiles(page.route).flatMap((file) => componentKeys(manifest, file))
    const keys = closure(manifest, [...entries, ...layouts, ...leaf])
    const areas =
      page.kind === 'portal'
        ? ['messages', 'portal', 'payer']
        : page.route.startsWith('_dynamic/food')
          ? ['messages', 'food']
          : payerRoutes.includes(page.route)
            ? ['messages', 'payer']
            : ['messages']
    const files = [...new Set([...[...keys].map((key) => manifest[key]!.file), ...catalogFiles(areas)])]
      .filter((file) => file.endsWith('.js'))
      .sort()
    return { page, files, size: total(files), budget: budgets[page.kind] }
  })
}

function readManifest(): Manifest {
  if (!existsSync(manifestFile)) {
    throw new Error(`web-weight: no ${path.relative(root, manifestFile)}; build first (--build)`)
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
}

/** Newest modification time under `p`, skipping build outputs (as the launcher decides to build). */
function newest(p: string): number {
  const info = statSync(p, { throwIfNoEntry: false })
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let max = 0
  for (const entry of readdirSync(p)) {
    if (['node_modules', 'dist', '.output', '.tanstack', '.nitro', '.vite'].includes(entry)) continue
    max = Math.max(max, newest(path.join(p, entry)))
  }
  return max
}

/** Builds the web app when there is no build with a manifest or the sources are newer than it. */
function buildIfStale(): void {
  const builtAt = existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0
  const changedAt = Math.max(
    ...['web', 'lingui.config.ts', 'package-lock.json'].map((p) => newest(path.join(root, p))),
  )
  if (builtAt >= changedAt) return
  console.log('web-weight: building the web app (vite build)…')
  const env = { ...process.env }
  delete env.NODE_ENV // vite build sets production itself
  execFileSync(
    process.execPath,
    [viteBin(), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  )
}

function viteBin(): string {
  return path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
}

const kib = (n: number) => `${(n / KiB).toFixed(1)}`

if (import.meta.main) {
  const values = args
  if (values.build) buildIfStale()
  const weights = measure()
  const header = ['page', 'files', 'raw KiB', 'gzip KiB', 'brotli KiB', 'budget KiB', '']
  const rows = weights.map(({ page, files, size, budget }) => [
    page.url,
    String(files.length),
    kib(size.raw),
    kib(size.gzip),
    kib(size.brotli),
    kib(budget),
    size.brotli > budget ? 'OVER' : 'ok',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of [header, ...rows]) {
    console.log(
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    )
  }
  if (values.files) {
    for (const { page, files } of weights) {
      console.log(`\n${page.url}:`)
      for (const file of files) console.log(`  ${kib(sizeOf(file).brotli).padStart(6)}  ${file}`)
    }
  }
  const over = weights.filter((w) => w.size.brotli > w.budget)
  if (over.length) {
    console.error(
      `\nweb-weight: ${over.length} page(s) over budget (brotli): ${over.map((w) => w.page.url).join(', ')}`,
    )
    process.exit(1)
  }
  console.log('\nweb-weight: every page within its budget')
}
