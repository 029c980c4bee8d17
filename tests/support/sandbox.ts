import { randomBytes } from 'node:crypto'
import { onboardSandboxMerchant } from '../../modules/payments/providers/sandbox/sandbox.ts'
import type { Db } from '../../modules/platform/db.ts'

/**
 * A merchant account waiting at the sandbox provider's onboarding page (`/sandbox/onboarding/{id}`),
 * as the sandbox adapter opens one for a merchant who is to receive split payments. No screen of
 * ours starts one yet, so tests that visit the page make it here, below the payments module's
 * surface. Answers the account's id.
 */
export async function seedSandboxOnboarding(db: Db, name: string): Promise<string> {
  const tag = randomBytes(5).toString('hex')
  const merchant = await onboardSandboxMerchant(db, `sk_test_${tag}`, 'http://localhost', {
    reference: `merchant-${tag}`,
    email: `merchant-${tag}@example.com`,
    name,
    country: 'NL',
    returnUrl: 'http://localhost/',
    webhookUrl: 'http://localhost/webhook',
  })
  return merchant.id
}

/** What the sandbox itself took and gave back for one payment's attempts (its own tables). */
export { sandboxRecord } from '../../modules/payments/fixtures/sandbox-record.ts'
