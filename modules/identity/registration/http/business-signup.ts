import { withCode } from '../../../platform/errors.ts'
import { createRoute, z } from '../../../platform/http.ts'
import type { ApiApp } from '../../../platform/module.ts'
import { clientMeta } from '../../auth.ts'
import { authModeHeader, tokenResponse } from '../../http/token-response.ts'
import { newPasswordFields } from '../../passwords.ts'
import { completeSignup } from '../complete-signup.ts'
import { unsupportedCountry } from '../errors.ts'
import { onAcceptorRegistered } from '../hooks.ts'
import { isSupportedCountry, supportedCountries } from '../settings.ts'
import { registeredResponses } from './registered.ts'
import {
  checkPhone,
  countryField,
  firstNameField,
  lastNameField,
  phoneCodeField,
  phoneField,
  rememberField,
  signupTokenField,
  storedPhone,
  termsField,
} from './schemas.ts'

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`)

/**
 * The details step of the program owner's and the acceptor's registration: a company (legal type
 * 1, company name required) or an individual (2), the person's name and phone, the country (one
 * the platform serves, else "unsupported country"), optional address, password and terms.
 */
const businessFields = {
  signup_token: signupTokenField,
  legal_type: z
    .union([z.literal(1), z.literal(2)], { message: '1 company or 2 individual' })
    .openapi({ description: '1 company, 2 individual' }),
  first_name: firstNameField,
  last_name: lastNameField,
  company_name: text(255).optional().openapi({ description: 'Required when legal_type is 1' }),
  company_reg_number: text(50).optional(),
  company_vat_number: text(50).optional(),
  company_phone: phoneField.optional(),
  company_phone_code: phoneCodeField.optional(),
  phone: phoneField,
  phone_code: phoneCodeField.optional(),
  country: countryField,
  state: text(100).optional(),
  city: text(100).optional(),
  address: text(255).optional(),
  zip: text(20).optional(),
  ...newPasswordFields,
  terms: termsField,
  remember: rememberField,
}

type BusinessInput = {
  legal_type: 1 | 2
  company_name?: string | undefined
  phone: string
  phone_code?: string | undefined
  company_phone?: string | undefined
  company_phone_code?: string | undefined
  password: string
  password_confirmation: string
}

function refineBusiness(v: BusinessInput, ctx: z.core.$RefinementCtx) {
  if (v.password !== v.password_confirmation)
    ctx.addIssue({
      code: 'custom',
      message: 'passwords do not match',
      params: withCode('passwords_do_not_match'),
      path: ['password_confirmation'],
    })
  if (v.legal_type === 1 && !v.company_name)
    ctx.addIssue({
      code: 'custom',
      message: 'company name required',
      params: withCode('required'),
      path: ['company_name'],
    })
  checkPhone(ctx, v.phone, v.phone_code, 'phone')
  checkPhone(ctx, v.company_phone, v.company_phone_code, 'company_phone')
}

export const programOwnerCompleteBody = z
  .object(businessFields)
  .strict()
  .superRefine(refineBusiness)
  .openapi('ProgramOwnerSignupInput')

export const acceptorCompleteBody = z
  .object({
    ...businessFields,
    invite_token: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: 'From the invitation link that brought the acceptor here, if any' }),
  })
  .strict()
  .superRefine(refineBusiness)
  .openapi('AcceptorSignupInput')

type BusinessBody = z.output<typeof programOwnerCompleteBody> & { invite_token?: string | undefined }

/** The profile columns of a business registration, phones stored normalized. */
function businessProfile(input: BusinessBody) {
  if (!isSupportedCountry(input.country)) throw unsupportedCountry()
  const phone = storedPhone(input.phone, input.phone_code)
  const company = input.legal_type === 1
  const companyPhone =
    company && input.company_phone ? storedPhone(input.company_phone, input.company_phone_code) : null
  return {
    legal_type: input.legal_type,
    first_name: input.first_name,
    last_name: input.last_name,
    phone: phone.phone,
    phone_code: phone.phone_code,
    country: input.country,
    state: input.state ?? null,
    city: input.city ?? null,
    address: input.address ?? null,
    zip: input.zip ?? null,
    company_name: company ? (input.company_name ?? null) : null,
    company_reg_number: company ? (input.company_reg_number ?? null) : null,
    company_vat_number: company ? (input.company_vat_number ?? null) : null,
    company_phone: companyPhone?.phone ?? null,
    company_phone_code: companyPhone?.phone_code ?? null,
  }
}

const completeDescription = (who: string, extra = '') =>
  `Creates the ${who} account with the confirmed e-mail and signs it in: the answer is that of \`auth/login\` (cookie mode with \`X-Auth-Mode: cookie\`). 400: "link expired" on \`signup_token\` (reason \`link_expired\`: start again); "unsupported country" on \`country\` (reason \`unsupported_country\`; served: ${supportedCountries.join(', ')}; offer \`signup/unsupported-country\`); "company name required" for a company; "invalid phone number"; the password rule and "passwords do not match"; "terms must be accepted".${extra}`

export const postProgramOwnerComplete = createRoute({
  method: 'post',
  path: '/user/signup/complete',
  tags: ['user'],
  summary: 'Registration (program owner), step two: details and password',
  description: completeDescription('program owner'),
  request: {
    headers: authModeHeader,
    body: { required: true, content: { 'application/json': { schema: programOwnerCompleteBody } } },
  },
  responses: registeredResponses,
})

export const postAcceptorComplete = createRoute({
  method: 'post',
  path: '/user/acceptor-signup/complete',
  tags: ['user'],
  summary: 'Registration (acceptor): details and password',
  description: completeDescription(
    'acceptor',
    ' `invite_token` (from an invitation link) is handed to the programs module, which links the new acceptor to the inviting program.',
  ),
  request: {
    headers: authModeHeader,
    body: { required: true, content: { 'application/json': { schema: acceptorCompleteBody } } },
  },
  responses: registeredResponses,
})

export function registerBusinessCompleteRoutes(app: ApiApp) {
  app.openapi(postProgramOwnerComplete, async (c) => {
    const input = c.req.valid('json')
    const issued = await completeSignup(
      c.get('services'),
      {
        signupToken: input.signup_token,
        userType: 1,
        password: input.password,
        profile: businessProfile(input),
        remember: input.remember,
      },
      clientMeta(c),
    )
    c.get('log').info({ user_id: issued.user.id }, 'program owner registered')
    return c.json(tokenResponse(c, issued), 201)
  })

  app.openapi(postAcceptorComplete, async (c) => {
    const input = c.req.valid('json')
    const issued = await completeSignup(
      c.get('services'),
      {
        signupToken: input.signup_token,
        userType: 2,
        password: input.password,
        profile: businessProfile(input),
        remember: input.remember,
        afterCreate: (trx, user) => onAcceptorRegistered(trx, user.id, input.invite_token ?? null),
      },
      clientMeta(c),
    )
    c.get('log').info(
      { user_id: issued.user.id, invited: Boolean(input.invite_token) },
      'acceptor registered',
    )
    return c.json(tokenResponse(c, issued), 201)
  })
}
