import { withCode } from '../../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../../platform/http.ts'
import type { ApiApp } from '../../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../../auth.ts'
import { newPasswordFields } from '../../passwords.ts'
import { portals } from '../../user-types.ts'
import { changePassword, requestPasswordReset, resetPassword } from '../password-reset.ts'
import { resetSettings } from '../settings.ts'
import { commandContext, emailField, languageField, requestLanguage } from './schemas.ts'

const json = <S>(schema: S) => ({ required: true, content: { 'application/json': { schema } } })

const matching = <T extends { password: string; password_confirmation: string }>(
  v: T,
  ctx: z.core.$RefinementCtx,
) => {
  if (v.password !== v.password_confirmation)
    ctx.addIssue({
      code: 'custom',
      message: 'passwords do not match',
      params: withCode('passwords_do_not_match'),
      path: ['password_confirmation'],
    })
}

const codeBody = z
  .object({
    email: emailField,
    portal: z.enum(portals).optional().openapi({
      description: 'The portal asking (informational): the link opens the portal of the account’s type',
    }),
    language: languageField,
  })
  .strict()
  .openapi('PasswordCodeInput')

export const postPasswordCode = createRoute({
  method: 'post',
  path: '/user/password/code',
  tags: ['user'],
  summary: 'Forgot password: e-mail a link to set a new one',
  description: `Always 202, whether or not the e-mail has an account (no account discovery). An existing, active account gets a single-use link \`<portal>/password?token=...\`, valid ${resetSettings.ttlMinutes} minutes, in \`language\`, else Accept-Language, else Dutch. One request a minute and ${resetSettings.hourlyLimit} an hour per address (429 with Retry-After, reasons \`reset_too_soon\`, \`reset_limit\`), for every address alike.`,
  request: { body: json(codeBody) },
  responses: {
    202: {
      description: 'If the account exists, the link is on its way',
      content: {
        'application/json': { schema: z.object({ email: z.string() }).openapi('PasswordCodeSent') },
      },
    },
    ...errorResponses(400, 429),
  },
})

const setBody = z
  .object({
    token: z
      .string({ message: 'link expired' })
      .min(1, 'link expired')
      .max(200, 'link expired')
      .openapi({ description: 'The `token` of the e-mailed link' }),
    ...newPasswordFields,
  })
  .strict()
  .superRefine(matching)
  .openapi('PasswordSetInput')

export const postPassword = createRoute({
  method: 'post',
  path: '/user/password',
  tags: ['user'],
  summary: 'Set a new password with the e-mailed link',
  description:
    'Sets the password, spends the link (and any other link of the account) and ends every session of the user; sign in afterwards. An unknown, used or expired link answers 400 "link expired" on `token` with reason `link_expired`: offer to send a new link (`password/code`).',
  request: { body: json(setBody) },
  responses: { 204: { description: 'Password set; every session ended' }, ...errorResponses(400) },
})

const changeBody = z
  .object({
    old_password: z.string({ message: 'old password required' }).min(1, 'old password required').max(1024),
    ...newPasswordFields,
  })
  .strict()
  .superRefine(matching)
  .openapi('PasswordChangeInput')

export const postPasswordChange = createRoute({
  method: 'post',
  path: '/user/password/change',
  tags: ['user'],
  summary: 'Change my password',
  description:
    'Needs the old password ("wrong password" on `old_password`). Every other session of the user ends; this one stays.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { body: json(changeBody) },
  responses: { 204: { description: 'Changed' }, ...errorResponses(400, 401) },
})

export function registerPasswordRoutes(app: ApiApp) {
  app.openapi(postPasswordCode, async (c) => {
    const input = c.req.valid('json')
    await requestPasswordReset(c.get('services'), commandContext(c), {
      email: input.email,
      // The stored language of the account is used when neither body nor header names one.
      language:
        input.language ?? (c.req.header('accept-language') ? requestLanguage(c, undefined) : undefined),
    })
    return c.json({ email: input.email.toLowerCase() }, 202)
  })

  app.openapi(postPassword, async (c) => {
    const input = c.req.valid('json')
    const userId = await resetPassword(c.get('services').db, { token: input.token, password: input.password })
    c.get('log').info({ user_id: userId }, 'password reset; sessions ended')
    return c.body(null, 204)
  })

  app.openapi(postPasswordChange, async (c) => {
    const me = requireUser(c)
    const input = c.req.valid('json')
    await changePassword(c.get('services').db, me, input)
    return c.body(null, 204)
  })
}
