import type { Config } from '../../platform/config.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, DbOrTrx } from '../../platform/db.ts'
import type { Caller } from '../access.ts'
import { foodProgramOf } from '../access.ts'
import { findImages, type ImageRow } from '../db/files.ts'
import { bumpVersion, ensureRestaurantRow } from '../db/restaurants.ts'
import { domainAlreadyUsed, invalidInput } from '../errors.ts'
import { type ImageJson, imageJson } from '../files.ts'
import {
  type BrandProduct,
  brandProducts,
  checkBranding,
  defaultBrandColor,
  defaultSeoLanguage,
  normalizeDomainName,
  themeShades,
} from '../shared.ts'
import { storeImage } from './uploads.ts'

/** A restaurant's brand (spec section 3 "Branding"), as `GET`/`POST food/branding` answer it. */
export interface BrandingJson {
  program_uuid: string
  domain_name: string | null
  theme: { color: string; colors: string[] }
  disable_card: boolean
  disable_credit: boolean
  disable_payment: boolean
  disable_food: boolean
  disable_food_court: boolean
  seo_title: string
  seo_keywords: string
  seo_description: string
  seo_language: string
  google_analytics_id: string
  app_logo: ImageJson | null
  favicon_logo: ImageJson | null
}

export interface BrandingChange {
  domain_name?: string | undefined
  theme?: string | undefined
  disabled?: Partial<Record<BrandProduct, boolean>>
  seo_title?: string | undefined
  seo_keywords?: string | undefined
  seo_description?: string | undefined
  seo_language?: string | undefined
  google_analytics_id?: string | undefined
  /** A new PNG, or '' to remove the one there is. */
  app_logo?: File | '' | undefined
  favicon_logo?: File | '' | undefined
}

type BrandingRow = {
  program_id: string
  domain_name: string | null
  theme_color: string
  disabled_products: string[]
  seo_title: string
  seo_keywords: string
  seo_description: string
  seo_language: string
  google_analytics_id: string
  app_logo_id: string | null
  favicon_logo_id: string | null
}

export function brandingRow(db: DbOrTrx, programId: string): Promise<BrandingRow | undefined> {
  return db.selectFrom('food_brandings').selectAll().where('program_id', '=', programId).executeTakeFirst()
}

export function brandingJson(
  programId: string,
  row: BrandingRow | undefined,
  logos: Map<string, ImageRow>,
): BrandingJson {
  const color = row?.theme_color ?? defaultBrandColor
  const disabled = new Set(row?.disabled_products ?? [])
  const logo = (id: string | null | undefined) => {
    const image = id ? logos.get(id) : undefined
    return image ? imageJson(image) : null
  }
  return {
    program_uuid: programId,
    domain_name: row?.domain_name ?? null,
    theme: { color, colors: themeShades(color) },
    disable_card: disabled.has('card'),
    disable_credit: disabled.has('credit'),
    disable_payment: disabled.has('payment'),
    disable_food: disabled.has('food'),
    disable_food_court: disabled.has('food_court'),
    seo_title: row?.seo_title ?? '',
    seo_keywords: row?.seo_keywords ?? '',
    seo_description: row?.seo_description ?? '',
    seo_language: row?.seo_language ?? defaultSeoLanguage,
    google_analytics_id: row?.google_analytics_id ?? '',
    app_logo: logo(row?.app_logo_id),
    favicon_logo: logo(row?.favicon_logo_id),
  }
}

export async function readBranding(db: DbOrTrx, me: Caller, programUuid: string): Promise<BrandingJson> {
  const program = await foodProgramOf(db, me, programUuid, { who: 'owner' })
  const row = await brandingRow(db, program.uuid)
  const logos = await findImages(
    db,
    [row?.app_logo_id, row?.favicon_logo_id].filter((id): id is string => !!id),
  )
  return brandingJson(program.uuid, row, logos)
}

/** PostgreSQL's unique_violation of the domain name. */
const isDomainTaken = (err: unknown) => (err as { code?: string })?.code === '23505'

/**
 * Saves a restaurant's brand (`POST food/branding`, multipart). The domain name follows the spec's
 * rule and may serve one restaurant only, and never one of the platform's own portals ("Domain
 * already used", 400 on `domain_name`); logos are PNG of at least 256×256 (app logo) and 512×512
 * (favicon). Logos are stored before the row is written: a refused save leaves only unused files.
 */
export async function saveBranding(
  db: Db,
  config: Pick<Config, 'DATA_DIR' | 'ADMIN_HOST' | 'PROGRAMS_HOST' | 'ACCEPTOR_HOST' | 'CARDHOLDER_HOST'>,
  ctx: RequestContext,
  me: Caller,
  programUuid: string,
  change: BrandingChange,
): Promise<BrandingJson> {
  const problems = checkBranding(change)
  if (problems.length) throw invalidInput(problems)
  const program = await foodProgramOf(db, me, programUuid, { who: 'owner', change: true })
  const domain =
    change.domain_name === undefined
      ? undefined
      : change.domain_name === ''
        ? null
        : normalizeDomainName(change.domain_name)
  const platformHosts = [
    ...config.ADMIN_HOST,
    ...config.PROGRAMS_HOST,
    ...config.ACCEPTOR_HOST,
    ...config.CARDHOLDER_HOST,
  ].map((h) => h.toLowerCase())
  if (domain && platformHosts.includes(domain)) throw domainAlreadyUsed()

  const appLogo =
    change.app_logo instanceof File
      ? await storeImage(db, config, ctx, me.user_id, change.app_logo, 'app_logo', 'app_logo')
      : undefined
  const favicon =
    change.favicon_logo instanceof File
      ? await storeImage(db, config, ctx, me.user_id, change.favicon_logo, 'favicon_logo', 'favicon_logo')
      : undefined

  const existing = await brandingRow(db, program.uuid)
  const disabled = new Set(existing?.disabled_products ?? [])
  for (const product of brandProducts) {
    const off = change.disabled?.[product]
    if (off === true) disabled.add(product)
    if (off === false) disabled.delete(product)
  }
  const set = {
    ...(domain !== undefined ? { domain_name: domain } : {}),
    ...(change.theme !== undefined ? { theme_color: change.theme.toLowerCase() } : {}),
    disabled_products: brandProducts.filter((p) => disabled.has(p)),
    ...(change.seo_title !== undefined ? { seo_title: change.seo_title.trim() } : {}),
    ...(change.seo_keywords !== undefined ? { seo_keywords: normalizeKeywords(change.seo_keywords) } : {}),
    ...(change.seo_description !== undefined ? { seo_description: change.seo_description.trim() } : {}),
    ...(change.seo_language !== undefined ? { seo_language: change.seo_language } : {}),
    ...(change.google_analytics_id !== undefined
      ? { google_analytics_id: change.google_analytics_id.trim() }
      : {}),
    ...(appLogo ? { app_logo_id: appLogo.id } : change.app_logo === '' ? { app_logo_id: null } : {}),
    ...(favicon
      ? { favicon_logo_id: favicon.id }
      : change.favicon_logo === ''
        ? { favicon_logo_id: null }
        : {}),
  }
  try {
    await db.transaction().execute(async (trx) => {
      await ensureRestaurantRow(trx, program.uuid)
      await trx
        .insertInto('food_brandings')
        .values({ program_id: program.uuid, ...set })
        .onConflict((oc) => oc.column('program_id').doUpdateSet({ ...set, updated_at: new Date() }))
        .execute()
      await bumpVersion(trx, program.uuid)
    })
  } catch (err) {
    if (isDomainTaken(err)) throw domainAlreadyUsed()
    throw err
  }
  ctx.log.info({ program_id: program.uuid, domain_name: domain }, 'branding saved')
  return readBranding(db, me, program.uuid)
}

/** SEO keywords as a comma list: trimmed, empty ones and repeats left out. */
function normalizeKeywords(value: string): string {
  const seen = new Set<string>()
  return value
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()))
    .join(', ')
}
