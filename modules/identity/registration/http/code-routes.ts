import type { UserType } from '../../../platform/context.ts'
import { createRoute, errorResponses, z } from '../../../platform/http.ts'
import type { ApiApp } from '../../../platform/module.ts'
import { confirmSignupCode, requestSignupCode, resendSignupCode } from '../codes.ts'
import { codeSettings } from '../settings.ts'
import {
  acceptedSchema,
  codeField,
  commandContext,
  emailField,
  languageField,
  requestLanguage,
} from './schemas.ts'

/** One registration's e-mail steps: where they live and whom they register. */
export interface SignupFlow {
  /** Path prefix under /api/v1, e.g. `/user/signup`. */
  prefix: string
  userType: UserType
  /** Who registers, for the API reference: "program owner". */
  who: string
}

export const stepOneBody = z
  .object({ email: emailField, language: languageField })
  .strict()
  .openapi('SignupStepOneInput')

export const resendBody = z
  .object({ email: emailField, language: languageField })
  .strict()
  .openapi('SignupResendInput')

export const codeBody = z.object({ email: emailField, code: codeField }).strict().openapi('SignupCodeInput')

export const confirmedSchema = z
  .object({
    email: z.string(),
    signup_token: z.string().openapi({ description: 'Send it with the complete call; single use' }),
    expires_at: z.iso.datetime(),
  })
  .openapi('SignupCodeConfirmed')

const limits = `Codes: 6 digits, ${codeSettings.ttlMinutes} minutes, ${codeSettings.maxAttempts} tries; a new one at most every ${codeSettings.cooldownSeconds} s and ${codeSettings.hourlyLimit} per hour (429 with Retry-After, reason \`code_resend_too_soon\` or \`code_limit\`).`

const accepted = (email: string) => ({
  email,
  expires_in_minutes: codeSettings.ttlMinutes,
  resend_after_seconds: codeSettings.cooldownSeconds,
})

/** Registers step_one, resend and code of one registration flow. */
export function registerCodeRoutes(app: ApiApp, flow: SignupFlow) {
  const json = <S>(schema: S) => ({ required: true, content: { 'application/json': { schema } } })

  const stepOne = createRoute({
    method: 'post',
    path: `${flow.prefix}/step_one`,
    tags: ['user'],
    summary: `Registration (${flow.who}), step one: e-mail a confirmation code`,
    description: `Answers 400 "email already registered" (reason \`email_already_registered\`) when the e-mail has an account, or "cardholder already registered" (\`cardholder_already_registered\`) when it is a card holder's. ${limits} The e-mail is written in \`language\`, else Accept-Language, else Dutch.`,
    request: { body: json(stepOneBody) },
    responses: {
      202: {
        description: 'A code is on its way',
        content: { 'application/json': { schema: acceptedSchema } },
      },
      ...errorResponses(400, 429),
    },
  })
  app.openapi(stepOne, async (c) => {
    const input = c.req.valid('json')
    await requestSignupCode(c.get('services').db, commandContext(c), {
      email: input.email,
      userType: flow.userType,
      language: requestLanguage(c, input.language),
    })
    return c.json(accepted(input.email.toLowerCase()), 202)
  })

  const resend = createRoute({
    method: 'post',
    path: `${flow.prefix}/resend`,
    tags: ['user'],
    summary: `Registration (${flow.who}): send a new code`,
    description: `Ends the previous code and e-mails a new one, for a registration started with step_one in the last day; for any other address it answers the same 202 and sends nothing. ${limits}`,
    request: { body: json(resendBody) },
    responses: {
      202: {
        description: 'A new code is on its way',
        content: { 'application/json': { schema: acceptedSchema } },
      },
      ...errorResponses(400, 429),
    },
  })
  app.openapi(resend, async (c) => {
    const input = c.req.valid('json')
    await resendSignupCode(c.get('services').db, commandContext(c), {
      email: input.email,
      userType: flow.userType,
      language: input.language,
    })
    return c.json(accepted(input.email.toLowerCase()), 202)
  })

  const code = createRoute({
    method: 'post',
    path: `${flow.prefix}/code`,
    tags: ['user'],
    summary: `Registration (${flow.who}): confirm the e-mailed code`,
    description: `Answers a single-use \`signup_token\` (${codeSettings.signupTokenMinutes} minutes) for the complete call. 400 on \`code\`: "confirmation code required"; "wrong confirmation code" (reason \`wrong_confirmation_code\`, one of ${codeSettings.maxAttempts} tries used); "link expired" (reason \`link_expired\`: expired, replaced, used or out of tries; offer resend).`,
    request: { body: json(codeBody) },
    responses: {
      200: { description: 'Confirmed', content: { 'application/json': { schema: confirmedSchema } } },
      ...errorResponses(400),
    },
  })
  app.openapi(code, async (c) => {
    const input = c.req.valid('json')
    const confirmed = await confirmSignupCode(c.get('services').db, {
      email: input.email,
      userType: flow.userType,
      code: input.code,
    })
    return c.json(
      {
        email: input.email.toLowerCase(),
        signup_token: confirmed.signupToken,
        expires_at: confirmed.expiresAt.toISOString(),
      },
      200,
    )
  })
}
