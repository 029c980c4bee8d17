import { hash, verify } from '@node-rs/argon2'
import { z } from 'zod'
import { withCode } from '../platform/errors.ts'

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under type stripping).
const params = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string): Promise<string> => hash(password, params)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verified when the account does not exist, so that "no such user" takes as long as "wrong password".
let dummy: Promise<string> | undefined
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0')
  await verifyPassword(await dummy, password)
}

/**
 * The password rule: at least 8 characters with an upper-case letter, a lower-case letter and a
 * digit. Long passwords are welcome and never truncated (argon2 hashes all of it); 1024 is only a
 * guard against hashing megabytes.
 */
export const passwordSchema = z
  .string({ message: 'password required' })
  .min(1, 'password required')
  .min(8, 'password must be at least 8 characters')
  .max(1024, 'password must be at most 1024 characters')
  .regex(/\p{Lu}/u, 'password must contain an upper-case letter')
  .regex(/\p{Ll}/u, 'password must contain a lower-case letter')
  .regex(/\p{Nd}/u, 'password must contain a digit')

/** Password plus confirmation, as every form that sets one sends them. */
export const newPasswordFields = {
  password: passwordSchema,
  password_confirmation: z.string({ message: 'passwords do not match' }),
}

export function refinePasswordsMatch<T extends { password: string; password_confirmation: string }>(
  schema: z.ZodType<T>,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: 'passwords do not match',
    params: withCode('passwords_do_not_match'),
    path: ['password_confirmation'],
  })
}
