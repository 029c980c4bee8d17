import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod'

/** The password rule of the specification (section 5), one check per part so the hint can name what is missing. */
export const passwordRules: { key: string; label: MessageDescriptor; test: (p: string) => boolean }[] = [
  { key: 'length', label: msg`At least 8 characters`, test: (p) => p.length >= 8 },
  { key: 'upper', label: msg`An upper-case letter`, test: (p) => /\p{Lu}/u.test(p) },
  { key: 'lower', label: msg`A lower-case letter`, test: (p) => /\p{Ll}/u.test(p) },
  { key: 'digit', label: msg`A digit`, test: (p) => /\p{Nd}/u.test(p) },
]

export const passwordChangeSchema = z
  .object({
    old_password: z.string().min(1, { error: msg`Enter your current password.`.id }),
    password: z.string().refine((p) => passwordRules.every((rule) => rule.test(p)), {
      error: msg`The new password does not meet every rule below.`.id,
    }),
    password_confirmation: z.string().min(1, { error: msg`Repeat the new password.`.id }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: msg`Passwords do not match.`.id,
    path: ['password_confirmation'],
  })
