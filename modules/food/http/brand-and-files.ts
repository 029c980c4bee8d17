import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { notFound, withCode } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from '../commands/announcements.ts'
import { readBranding, saveBranding } from '../commands/branding.ts'
import { storeDocument } from '../commands/uploads.ts'
import { documentFilePattern, documentUri, foodFileDir, imageFilePattern } from '../files.ts'
import { brandProducts, defaultBrandColor, isHexColor, seoLanguages, themeShades } from '../shared.ts'
import {
  announcementSchema,
  brandingSchema,
  fileField,
  idParam,
  programUuidQuery,
  requestContext,
  resultOf,
  resultsOf,
  themeSchema,
} from './schemas.ts'

// ── Documents ────────────────────────────────────────────────────────────────────────────────────

const documentRoute = (kind: 'terms' | 'privacy') =>
  createRoute({
    method: 'post',
    path: kind === 'terms' ? '/food/terms-and-conditions' : '/food/privacy',
    tags: ['food'],
    summary: kind === 'terms' ? 'Upload terms and conditions (PDF)' : 'Upload a privacy statement (PDF)',
    description: `Multipart field \`file\`: a PDF (judged by its bytes, \`pdf_required\`) of at most 2 MB. Answers its \`uri\`, to send as the program’s \`${kind === 'terms' ? 'tc_pdf_url' : 'privacy_pdf_url'}\`. Program owners.`,
    security: bearerSecurity,
    middleware: [signedIn('owner')] as const,
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: z.object({ file: fileField('a PDF file is required') }) },
        },
      },
    },
    responses: {
      201: {
        description: 'Stored',
        content: { 'application/json': { schema: z.object({ uri: z.string() }).openapi('FoodDocumentUri') } },
      },
      ...errorResponses(400, 401, 403, 413),
    },
  })

export const postTerms = documentRoute('terms')
export const postPrivacy = documentRoute('privacy')

export const getDocument = createRoute({
  method: 'get',
  path: '/food/documents/{file}',
  tags: ['food'],
  summary: 'A restaurant’s terms or privacy PDF',
  description: 'Public: guests accept them before ordering. Unguessable names, cached for good.',
  request: { params: z.object({ file: z.string().regex(documentFilePattern, 'not a document') }) },
  responses: {
    200: {
      description: 'PDF',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 404),
  },
})

export const getImage = createRoute({
  method: 'get',
  path: '/food/images/{file}',
  tags: ['food'],
  summary: 'A restaurant, product or logo image in one width',
  description: 'Public (guest pages). `<uuid>-<width>.webp|jpg|png`; unguessable names, cached for good.',
  request: { params: z.object({ file: z.string().regex(imageFilePattern, 'not an image') }) },
  responses: {
    200: {
      description: 'Image',
      content: {
        'image/webp': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
        'image/png': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    ...errorResponses(400, 404),
  },
})

const imageTypes = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const

// ── Theme and branding ───────────────────────────────────────────────────────────────────────────

export const getTheme = createRoute({
  method: 'get',
  path: '/food/theme',
  tags: ['food'],
  summary: 'A brand colour and its 10 shades',
  description:
    'The shades 50 … 900 the guest pages use for a colour (default #4d7cfe), to preview a brand before saving it. Program owners and acceptors.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: {
    query: z.object({
      color: z
        .string()
        .refine(isHexColor, { message: 'a colour such as #4d7cfe', params: withCode('invalid_format') })
        .optional(),
    }),
  },
  responses: {
    200: { description: 'The theme', content: { 'application/json': { schema: resultOf(themeSchema) } } },
    ...errorResponses(400, 401, 403),
  },
})

export const getBranding = createRoute({
  method: 'get',
  path: '/food/branding',
  tags: ['food'],
  summary: 'A restaurant’s brand and SEO',
  description:
    'Defaults when none is saved (colour #4d7cfe, SEO language en). The program’s owner; anyone else’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { query: programUuidQuery },
  responses: {
    200: { description: 'The brand', content: { 'application/json': { schema: resultOf(brandingSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'true or false' })
  .optional()
  .openapi({ description: 'true or false' })

const themeInput = z
  .string()
  .max(2000)
  .transform((value, ctx) => {
    let color = value.trim()
    if (color.startsWith('{')) {
      try {
        color = String((JSON.parse(color) as { color?: unknown }).color ?? '')
      } catch {
        color = ''
      }
    }
    if (!isHexColor(color)) {
      ctx.addIssue({
        code: 'custom',
        message: 'a colour such as #4d7cfe',
        params: withCode('invalid_format'),
      })
      return z.NEVER
    }
    return color.toLowerCase()
  })
  .optional()
  .openapi({ type: 'string', description: 'The brand colour (#4d7cfe), or `{"color": "#4d7cfe", …}`' })

const logoInput = (min: number) =>
  z
    .union([z.instanceof(File), z.literal('')])
    .optional()
    .openapi({
      type: 'string',
      format: 'binary',
      description: `PNG, at least ${min}×${min}; an empty value removes it`,
    })

const brandingBody = z
  .object({
    program_uuid: z.uuid('not a program id'),
    domain_name: z.string().max(253).optional().openapi({ description: 'An empty value removes it' }),
    theme: themeInput,
    ...Object.fromEntries(brandProducts.map((p) => [`disable_${p}`, flag])),
    seo_title: z.string().max(255).optional(),
    seo_keywords: z.string().max(1000).optional().openapi({ description: 'Comma list' }),
    seo_description: z.string().max(1000).optional(),
    seo_language: z.enum(seoLanguages, { message: `one of ${seoLanguages.join(', ')}` }).optional(),
    google_analytics_id: z
      .string()
      .trim()
      .regex(/^(|G-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/, 'a Google Analytics id such as G-XXXXXXX')
      .optional(),
    app_logo: logoInput(256),
    favicon_logo: logoInput(512),
  })
  .strict()

export const postBranding = createRoute({
  method: 'post',
  path: '/food/branding',
  tags: ['food'],
  summary: 'Save a restaurant’s brand and SEO (multipart)',
  description:
    'Fields as sent change; the rest stay. `domain_name`: dot-separated labels of a-z, 0-9 and hyphens, up to 63 each (`invalid_domain_name`); one restaurant per domain and never a portal’s own host (400 `domain_already_used`). Logos: PNG (`logo_not_png`), app logo at least 256×256, favicon at least 512×512 (`logo_too_small`). The program’s owner.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: brandingBody } } } },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: resultOf(brandingSchema) } } },
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
})

// ── Announcements ────────────────────────────────────────────────────────────────────────────────

const announcementText = z.string().max(1000, 'at most 1000 characters')
const staff = ['owner', 'acceptor'] as const

export const getAnnouncements = createRoute({
  method: 'get',
  path: '/food/announcements',
  tags: ['food'],
  summary: 'A restaurant’s announcements, newest first',
  description: 'Its owner and the acceptors working at it; anyone else’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { query: programUuidQuery },
  responses: {
    200: {
      description: 'Announcements',
      content: { 'application/json': { schema: resultsOf(announcementSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const postAnnouncement = createRoute({
  method: 'post',
  path: '/food/announcements',
  tags: ['food'],
  summary: 'Add an announcement',
  description: 'Shown on the restaurant list and the restaurant’s page. Text required (not blank).',
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ program_uuid: z.uuid('not a program id'), announcement: announcementText })
            .strict(),
        },
      },
    },
  },
  responses: {
    201: { description: 'Added', content: { 'application/json': { schema: resultOf(announcementSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const putAnnouncement = createRoute({
  method: 'put',
  path: '/food/announcements/{id}',
  tags: ['food'],
  summary: 'Change an announcement',
  description: 'None, or another restaurant’s: 404 with reason `notFount` (spec section 8).',
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: idParam('announcement'),
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ announcement: announcementText }).strict() } },
    },
  },
  responses: {
    200: {
      description: 'Changed',
      content: { 'application/json': { schema: resultOf(announcementSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const deleteAnnouncementRoute = createRoute({
  method: 'delete',
  path: '/food/announcements/{id}',
  tags: ['food'],
  summary: 'Delete an announcement',
  description: 'None, or another restaurant’s: 404 with reason `notFount` (spec section 8).',
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { params: idParam('announcement') },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 403, 404, 422) },
})

export function registerBrandAndFileRoutes(app: ApiApp) {
  for (const [route, kind] of [
    [postTerms, 'terms'],
    [postPrivacy, 'privacy'],
  ] as const) {
    app.openapi(route, async (c) => {
      const me = requireUser(c, 'owner')
      const { db, config } = c.get('services')
      const row = await storeDocument(
        db,
        config,
        requestContext(c),
        me.user_id,
        c.req.valid('form').file,
        kind,
      )
      return c.json({ uri: documentUri(row.id) }, 201)
    })
  }

  app.openapi(getDocument, async (c) => {
    const { file } = c.req.valid('param')
    const bytes = await readFile(path.join(foodFileDir(c.get('services').config), file)).catch(() => null)
    if (!bytes) throw notFound('document')
    return c.body(bytes, 200, {
      'Content-Type': 'application/pdf',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })

  app.openapi(getImage, async (c) => {
    const { file } = c.req.valid('param')
    const bytes = await readFile(path.join(foodFileDir(c.get('services').config), file)).catch(() => null)
    if (!bytes) throw notFound('image')
    const ext = file.slice(file.lastIndexOf('.') + 1) as keyof typeof imageTypes
    return c.body(bytes, 200, {
      'Content-Type': imageTypes[ext],
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })

  app.openapi(getTheme, async (c) => {
    requireUser(c, 'owner', 'acceptor')
    const color = c.req.valid('query').color?.toLowerCase() ?? defaultBrandColor
    return c.json({ result: { color, colors: themeShades(color) } }, 200)
  })

  app.openapi(getBranding, async (c) => {
    const me = requireUser(c, 'owner')
    return c.json(
      { result: await readBranding(c.get('services').db, me, c.req.valid('query').program_uuid) },
      200,
    )
  })

  app.openapi(postBranding, async (c) => {
    const me = requireUser(c, 'owner')
    const { db, config } = c.get('services')
    const form = c.req.valid('form') as z.infer<typeof brandingBody> & Record<string, string | undefined>
    const disabled = Object.fromEntries(
      brandProducts.flatMap((p) => {
        const v = form[`disable_${p}`]
        return v === undefined ? [] : [[p, v === 'true' || v === '1']]
      }),
    )
    const result = await saveBranding(db, config, requestContext(c), me, form.program_uuid, {
      domain_name: form.domain_name,
      theme: form.theme,
      disabled,
      seo_title: form.seo_title,
      seo_keywords: form.seo_keywords,
      seo_description: form.seo_description,
      seo_language: form.seo_language,
      google_analytics_id: form.google_analytics_id,
      app_logo: form.app_logo,
      favicon_logo: form.favicon_logo,
    })
    return c.json({ result }, 200)
  })

  app.openapi(getAnnouncements, async (c) => {
    const me = requireUser(c, ...staff)
    return c.json(
      { results: await listAnnouncements(c.get('services').db, me, c.req.valid('query').program_uuid) },
      200,
    )
  })

  app.openapi(postAnnouncement, async (c) => {
    const me = requireUser(c, ...staff)
    const result = await createAnnouncement(c.get('services').db, requestContext(c), me, c.req.valid('json'))
    return c.json({ result }, 201)
  })

  app.openapi(putAnnouncement, async (c) => {
    const me = requireUser(c, ...staff)
    const result = await updateAnnouncement(
      c.get('services').db,
      requestContext(c),
      me,
      c.req.valid('param').id,
      c.req.valid('json'),
    )
    return c.json({ result }, 200)
  })

  app.openapi(deleteAnnouncementRoute, async (c) => {
    const me = requireUser(c, ...staff)
    await deleteAnnouncement(c.get('services').db, requestContext(c), me, c.req.valid('param').id)
    return c.body(null, 204)
  })
}
