import type { Page } from '@playwright/test'
import { expectStatus, joinProgram, seedCashpoint, seedProgram } from '../support/factories.ts'
import { callerOf, pageApi } from './seeding.ts'

/** Program statuses the owner moves a program through (the API's numbers). */
export const activeStatus = 11001

/**
 * An active payment program made through the API by the signed-in owner, as the wizard would make
 * it: the draft, its payment methods at the sandbox provider (one, or several), validation, then
 * activation (the shared factory `seedProgram`).
 */
export async function activePaymentProgram(
  ownerPage: Page,
  title: string,
  method: 'card' | 'ideal' | ('card' | 'ideal')[] = 'card',
): Promise<string> {
  const methods = Array.isArray(method) ? method : [method]
  return (await seedProgram(callerOf(ownerPage), 'payment', { title, methods })).uuid
}

/** The owner invites an acceptor to a program by e-mail; answers the invitation's uuid. */
export async function inviteAcceptor(ownerPage: Page, program: string, email: string): Promise<string> {
  return expectStatus(
    await pageApi(ownerPage)<{ result: { uuid: string } }>('POST', '/manager/program-acceptors', {
      program,
      email,
    }),
    201,
    'invite the acceptor',
  ).result.uuid
}

/**
 * An acceptor at a cashpoint in a program: the owner invites them, they accept from their signed-in
 * page and open a cashpoint with the given title. Answers the cashpoint's uuid.
 */
export async function acceptorAtCashpoint(
  ownerPage: Page,
  acceptorPage: Page,
  { program, email, cashpoint }: { program: string; email: string; cashpoint: string },
): Promise<string> {
  const acceptor = { ...callerOf(acceptorPage), email }
  await joinProgram(callerOf(ownerPage), program, acceptor)
  return seedCashpoint(acceptor, program, cashpoint)
}
