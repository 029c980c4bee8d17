import type { Context } from 'hono'
import { withCode } from '../../platform/errors.ts'
import { z } from '../../platform/http.ts'
import { type Locale, localeFromAcceptLanguage, localeSchema } from '../../platform/locales.ts'
import type { AppEnv } from '../../platform/module.ts'
import { currencyCode } from '../../platform/money.ts'
import { findCurrency } from '../../reference/index.ts'
import {
  acceptorStatusIds,
  type ProgramStatus,
  type ProgramType,
  programStatusIds,
  programTypeIds,
  stepOf,
} from '../codes.ts'
import type { CashpointRow } from '../db/cashpoints.ts'
import type { ProgramAcceptorRow } from '../db/program-acceptors.ts'
import type { ProgramRow } from '../db/programs.ts'
import { acceptorStatusObject, programStatusObject, programTypeObject } from '../texts.ts'

/** Program and acceptor statuses are described in the caller's language (Accept-Language or `?lang=`). */
export function callerLanguage(c: Context<AppEnv>, lang?: Locale): Locale {
  const chosen = lang ?? localeFromAcceptLanguage(c.req.header('accept-language'))
  c.header('Content-Language', chosen)
  c.header('Vary', 'Accept-Language')
  return chosen
}

export const langQuery = z.object({
  lang: localeSchema.optional().openapi({
    description: 'Language of descriptions (nl, en, de, ru, uk); default from Accept-Language, else nl',
  }),
})

export const uuidParam = (what: string) =>
  z.object({
    uuid: z.uuid(`not a ${what} id`).openapi({ param: { name: 'uuid', in: 'path' } }),
  })

export const programTypeId = z
  .number({ message: 'must be a program type id' })
  .int('must be a program type id')
  .refine((n) => (programTypeIds as number[]).includes(n), `one of ${programTypeIds.join(', ')}`)
  .transform((n) => n as ProgramType)
  .openapi({
    description: 'card 1001, credit management 2001, payment management 3001, foods 4001, food court 5001',
  })
export const programStatusId = z
  .number({ message: 'must be a status id' })
  .int('must be a status id')
  .refine((n) => (programStatusIds as number[]).includes(n), `one of ${programStatusIds.join(', ')}`)
  .transform((n) => n as ProgramStatus)

export const acceptorStatusId = z.coerce
  .number({ message: 'must be a status id' })
  .int('must be a status id')
  .refine((n) => (acceptorStatusIds as number[]).includes(n), `one of ${acceptorStatusIds.join(', ')}`)

export const typeSchema = z
  .object({
    id: z.number().int().openapi({ example: 3001 }),
    title: z.string().openapi({ example: 'paymentManagement', description: 'Stable key of the type' }),
    description: z.string(),
  })
  .openapi('ProgramType')

export const statusSchema = z
  .object({
    id: z.number().int().openapi({ example: 11002 }),
    uuid: z.uuid(),
    title: z.string().openapi({ example: 'draftStep1', description: 'Stable key of the status' }),
    description: z.string(),
  })
  .openapi('Status')

const personSchema = z.object({ uuid: z.uuid(), name: z.string() })

export const programSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: statusSchema,
    type: typeSchema,
    step: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The creation step a draft resumes at (1 or 2); null past the drafts' }),
    currency: z.string().openapi({ example: 'EUR' }),
    owner: personSchema,
    blocked: z
      .object({
        by: z
          .enum(['owner', 'admin'])
          .openapi({ description: 'Who blocked it: only an admin lifts an admin’s block' }),
        at: z.iso.datetime(),
      })
      .nullable(),
    activated: z.iso.datetime().nullable(),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
  })
  .openapi('Program')

export type ProgramJson = z.infer<typeof programSchema>

export function toProgramJson(p: ProgramRow, ownerName: string, language: string): ProgramJson {
  return {
    uuid: p.id,
    title: p.title,
    description: p.description,
    status: programStatusObject(p.status, language),
    type: programTypeObject(p.type, language),
    step: stepOf(p.status),
    currency: p.currency,
    owner: { uuid: p.owner_user_id, name: ownerName },
    blocked: p.blocked_at
      ? { by: p.blocked_by_type === 4 ? 'admin' : 'owner', at: p.blocked_at.toISOString() }
      : null,
    activated: p.activated_at?.toISOString() ?? null,
    created: p.created_at.toISOString(),
    updated: p.updated_at.toISOString(),
  }
}

/** The single-object answer of `manager/programs` routes: "the answer is read from result" (spec section 7). */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema })

const programBriefSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    type: typeSchema,
    status: statusSchema,
    currency: z.string(),
    owner: personSchema,
  })
  .openapi('ProgramBrief')

export const programAcceptorSchema = z
  .object({
    uuid: z.uuid(),
    email: z.string(),
    status: statusSchema,
    program: programBriefSchema,
    acceptor: z.union([personSchema, z.null()]).openapi({ description: 'The acceptor account, once known' }),
    invited: z.iso.datetime(),
    sent: z.iso.datetime().nullable().openapi({ description: 'When the invitation e-mail last went out' }),
    responded: z.iso.datetime().nullable(),
    updated: z.iso.datetime(),
  })
  .openapi('ProgramAcceptor')

export function toProgramAcceptorJson(
  r: ProgramAcceptorRow,
  program: ProgramRow,
  names: Map<string, string>,
  language: string,
) {
  return {
    uuid: r.id,
    email: r.email,
    status: acceptorStatusObject(r.status, language),
    program: {
      uuid: program.id,
      title: program.title,
      type: programTypeObject(program.type, language),
      status: programStatusObject(program.status, language),
      currency: program.currency,
      owner: { uuid: program.owner_user_id, name: names.get(program.owner_user_id) ?? '' },
    },
    acceptor: r.acceptor_user_id
      ? { uuid: r.acceptor_user_id, name: names.get(r.acceptor_user_id) ?? '' }
      : null,
    invited: r.created_at.toISOString(),
    sent: r.last_sent_at?.toISOString() ?? null,
    responded: r.responded_at?.toISOString() ?? null,
    updated: r.updated_at.toISOString(),
  }
}

export const cashpointSchema = z
  .object({
    uuid: z.uuid(),
    program: z.uuid(),
    acceptor: z.uuid(),
    title: z.string(),
    is_active: z.boolean(),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
  })
  .openapi('Cashpoint')

export const toCashpointJson = (c: CashpointRow) => ({
  uuid: c.id,
  program: c.program_id,
  acceptor: c.acceptor_user_id,
  title: c.title,
  is_active: c.is_active,
  created: c.created_at.toISOString(),
  updated: c.updated_at.toISOString(),
})

/** A currency the platform lists (ISO 4217, in use by some country); upper-cased. */
export const programCurrency = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(currencyCode)
  .refine((code) => findCurrency(code) !== undefined, {
    message: 'unknown currency',
    params: withCode('unknown_currency'),
  })
  .openapi({ description: 'ISO 4217 code; default EUR', example: 'EUR' })

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`)
export const programTitle = text(200).min(1, 'title is required')
export const programDescription = text(5000)

export { requestContext } from '../../platform/module.ts'
