import { AppError, type FieldProblems, fieldProblem, withCode } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { revokeSessions } from '../db/sessions.ts'
import { findUserById, updateUser } from '../db/users.ts'
import { hashPassword, passwordSchema, verifyPassword } from '../passwords.ts'
import { ownProfile } from '../profile-fields.ts'
import { type ProfileField, profileFieldSchemas, writableFields } from '../shared.ts'
import { profileSchema } from './get-profile.ts'

const body = z
  .object({
    ...Object.fromEntries(Object.entries(profileFieldSchemas).map(([k, s]) => [k, s.optional()])),
    password: passwordSchema.optional(),
    password_confirmation: z.string().optional(),
    old_password: z.string().max(1024).optional(),
  } as { [K in ProfileField]: z.ZodOptional<(typeof profileFieldSchemas)[K]> } & {
    password: z.ZodOptional<typeof passwordSchema>
    password_confirmation: z.ZodOptional<z.ZodString>
    old_password: z.ZodOptional<z.ZodString>
  })
  .strict()
  .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
    message: 'passwords do not match',
    params: withCode('passwords_do_not_match'),
    path: ['password_confirmation'],
  })
  .openapi('ProfileInput')

export const putProfile = createRoute({
  method: 'put',
  path: '/user/profile',
  tags: ['user'],
  summary: 'Save my profile',
  description:
    'Send only the fields to change. Fields of another portal are refused (400). To change the password send `password`, `password_confirmation` and `old_password`; every other session then ends.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: profileSchema } } },
    ...errorResponses(400, 401),
  },
})

export function registerPutProfile(app: ApiApp) {
  app.openapi(putProfile, async (c) => {
    const me = requireUser(c)
    const { password, password_confirmation: _confirmation, old_password, ...fields } = c.req.valid('json')
    const allowed = new Set<string>(writableFields[me.user_type])
    const errors: FieldProblems = {}
    for (const key of Object.keys(fields)) {
      if (!allowed.has(key))
        errors[key] = [fieldProblem('not_for_account_type', 'not available for your account type')]
    }
    const { db } = c.get('services')
    const user = (await findUserById(db, me.user_id))!
    if (password !== undefined) {
      if (!old_password) errors.old_password = [fieldProblem('required', 'old password required')]
      else if (!(await verifyPassword(user.password_hash, old_password)))
        errors.old_password = [fieldProblem('wrong_password', 'wrong password')]
    }
    if (Object.keys(errors).length)
      throw new AppError('validation_failed', 'validation failed', { fields: errors })

    const updated = await db.transaction().execute(async (trx) => {
      const set: Record<string, unknown> = { ...fields }
      if (password !== undefined) {
        set.password_hash = await hashPassword(password)
        set.password_changed_at = new Date()
        // A new password ends every other session: whoever knew the old one is out.
        await revokeSessions(trx, { userId: me.user_id, except: me.session_id }, 'password_changed')
      }
      return updateUser(trx, me.user_id, set)
    })
    return c.json(ownProfile(updated), 200)
  })
}
