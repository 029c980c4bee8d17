import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRoute, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { type IconSize, iconPng, iconSizes, iconSource, webManifest } from '../manifest.ts'
import { brandForHost } from '../queries/brand.ts'
import { requestHost } from './guest.ts'

/**
 * The web app manifest and its icons per host (manifest.ts): `/manifest.webmanifest` and
 * `/icons/{192|512}.png` on every host (the food module's root routes), and the same under
 * `/api/v1/food/` with `?host=`, as sitemap and robots are.
 */

const hostQuery = z.object({ host: z.string().max(253).optional() })

export const getManifest = createRoute({
  method: 'get',
  path: '/food/manifest.webmanifest',
  tags: ['food'],
  summary: 'Web app manifest of a host',
  description:
    'A restaurant’s domain: its name, description, language, colour and icons; the platform’s hosts: Cardpay’s. Also served as `/manifest.webmanifest` on every host. Public.',
  request: { query: hostQuery },
  responses: {
    200: {
      description: 'Manifest',
      content: { 'application/manifest+json': { schema: z.record(z.string(), z.unknown()) } },
    },
  },
})

export const getIcon = createRoute({
  method: 'get',
  path: '/food/icons/{size}',
  tags: ['food'],
  summary: 'App icon of a host (PNG)',
  description:
    '`192.png` or `512.png`: made from the brand’s favicon, app logo or restaurant picture, else Cardpay’s icon in the brand’s colour. Also served as `/icons/{size}` on every host. Public.',
  request: { params: z.object({ size: z.enum(['192.png', '512.png']) }), query: hostQuery },
  responses: { 200: { description: 'PNG', content: { 'image/png': { schema: z.string() } } } },
})

export async function manifestResponse(c: Context<AppEnv>, host?: string) {
  const brand = await brandForHost(c.get('services').db, requestHost(c, host))
  return c.body(JSON.stringify(webManifest(brand)), 200, {
    'Content-Type': 'application/manifest+json; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
    Vary: 'Host',
  })
}

export async function iconResponse(c: Context<AppEnv>, size: IconSize, host?: string) {
  const { db, config } = c.get('services')
  const brand = await brandForHost(db, requestHost(c, host))
  const png = await iconPng(config, iconSource(brand), size)
  return c.body(new Uint8Array(png), 200, {
    'Content-Type': 'image/png',
    // The manifest names the icons with a version of their source: a new logo is a new address.
    'Cache-Control': 'public, max-age=86400',
    Vary: 'Host',
  })
}

export function registerManifestRoutes(app: ApiApp) {
  app.openapi(getManifest, async (c) => (await manifestResponse(c, c.req.valid('query').host)) as never)
  app.openapi(getIcon, async (c) => {
    const size = Number.parseInt(c.req.valid('param').size, 10) as IconSize
    return (await iconResponse(c, size, c.req.valid('query').host)) as never
  })
}

/** The root routes of every host. */
export function registerRootManifestRoutes(app: OpenAPIHono<AppEnv>) {
  app.get('/manifest.webmanifest', (c) => manifestResponse(c))
  for (const size of iconSizes) app.get(`/icons/${size}.png`, (c) => iconResponse(c, size))
}
