import { randomBytes } from 'node:crypto'
import { createUser } from '../../modules/identity/index.ts'
import type { UserType } from '../../modules/platform/context.ts'
import type { Harness, TestContext } from './context.ts'

export const testPassword = 'Correct-Horse-9'

/** A user of the given type with a unique e-mail (overrides win). */
export async function seedUser(t: TestContext, overrides: { type: UserType } & Record<string, unknown>) {
  const email = (overrides.email as string | undefined) ?? `u-${randomBytes(5).toString('hex')}@example.com`
  const user = await createUser(t.services.db, {
    first_name: 'Test',
    last_name: `User ${overrides.type}`,
    password: testPassword,
    ...overrides,
    email,
  })
  return { ...user, password: (overrides.password as string | undefined) ?? testPassword }
}

export interface SignedIn {
  token: string
  refresh: string
  userId: string
}

/** Signs the user in through the API (bearer mode) and returns its tokens. */
export async function signInAs(h: Harness, user: { email: string; password: string }): Promise<SignedIn> {
  const res = await h.post<unknown, { auth_token: string; refresh_token: string; user: { uuid: string } }>(
    '/api/v1/auth/login',
    { email: user.email, password: user.password },
  )
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`)
  return { token: res.body.auth_token, refresh: res.body.refresh_token, userId: res.body.user.uuid }
}
