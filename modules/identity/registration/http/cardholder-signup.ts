import { withCode } from '../../../platform/errors.ts'
import { createRoute, z } from '../../../platform/http.ts'
import type { ApiApp } from '../../../platform/module.ts'
import { clientMeta } from '../../auth.ts'
import { authModeHeader, tokenResponse } from '../../http/token-response.ts'
import { newPasswordFields } from '../../passwords.ts'
import { genders } from '../../shared.ts'
import { completeSignup } from '../complete-signup.ts'
import { registeredResponses } from './registered.ts'
import {
  checkPhone,
  firstNameField,
  lastNameField,
  phoneCodeField,
  phoneField,
  rememberField,
  signupTokenField,
  storedPhone,
  termsField,
} from './schemas.ts'

/**
 * The card holder's registration after the e-mail code (food.md "Card holder registration
 * draft": email, code, phone, terms, first and last name, birth date, gender (default male),
 * password). The screens ask for phone, terms, names and password one after the other; the API
 * takes them together in this one call.
 */
export const cardholderCompleteBody = z
  .object({
    signup_token: signupTokenField,
    phone: phoneField,
    phone_code: phoneCodeField.optional(),
    terms: termsField,
    first_name: firstNameField,
    last_name: lastNameField,
    birth_date: z.iso
      .date('a date as YYYY-MM-DD')
      .refine((d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10), {
        message: 'not a plausible birth date',
        params: withCode('implausible_birth_date'),
      })
      .openapi({ example: '1990-04-21' }),
    gender: z.enum(genders, { message: `one of ${genders.join(', ')}` }).default('male'),
    ...newPasswordFields,
    remember: rememberField,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation)
      ctx.addIssue({
        code: 'custom',
        message: 'passwords do not match',
        params: withCode('passwords_do_not_match'),
        path: ['password_confirmation'],
      })
    checkPhone(ctx, v.phone, v.phone_code, 'phone')
  })
  .openapi('CardholderSignupInput')

export const postCardholderComplete = createRoute({
  method: 'post',
  path: '/user/cardholders/signup/complete',
  tags: ['user'],
  summary: 'Registration (card holder): phone, terms, name, birth date, gender, password',
  description:
    'Creates the card holder account with the confirmed e-mail and signs it in: the answer is that of `auth/login` (cookie mode with `X-Auth-Mode: cookie`). 400: "link expired" on `signup_token` (reason `link_expired`); "invalid phone number"; the password rule and "passwords do not match"; "terms must be accepted". `gender` defaults to male.',
  request: {
    headers: authModeHeader,
    body: { required: true, content: { 'application/json': { schema: cardholderCompleteBody } } },
  },
  responses: registeredResponses,
})

export function registerCardholderComplete(app: ApiApp) {
  app.openapi(postCardholderComplete, async (c) => {
    const input = c.req.valid('json')
    const phone = storedPhone(input.phone, input.phone_code)
    const issued = await completeSignup(
      c.get('services'),
      {
        signupToken: input.signup_token,
        userType: 3,
        password: input.password,
        profile: {
          first_name: input.first_name,
          last_name: input.last_name,
          birth_date: input.birth_date,
          gender: input.gender,
          phone: phone.phone,
          phone_code: phone.phone_code,
        },
        remember: input.remember,
      },
      clientMeta(c),
    )
    c.get('log').info({ user_id: issued.user.id }, 'card holder registered')
    return c.json(tokenResponse(c, issued), 201)
  })
}
