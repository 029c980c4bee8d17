import type { UserType } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { AppError, fieldProblem } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { findUserByEmail, insertUser, type UserRow } from '../db/users.ts'
import { hashPassword } from '../passwords.ts'

export interface CreateUserInput {
  email: string
  password: string
  type: UserType
  first_name?: string
  last_name?: string
  language?: string
  [field: string]: unknown
}

/**
 * Creates a user with a hashed password. Used by the registration flows once the e-mail is
 * confirmed, by the development demo data and by test factories.
 */
export async function createUser(db: DbOrTrx, input: CreateUserInput): Promise<UserRow> {
  const { email, password, type, ...rest } = input
  if (await findUserByEmail(db, email)) {
    throw new AppError('conflict', 'email already registered', {
      reason: 'email_already_registered',
      fields: { email: [fieldProblem('email_already_registered', 'email already registered')] },
    })
  }
  return insertUser(db, {
    ...rest,
    id: newId(),
    email: email.toLowerCase(),
    password_hash: await hashPassword(password),
    type,
  } as never)
}
