import type { Page } from '@playwright/test'
import { apiCall, ok } from './api.ts'

/** Program statuses the owner moves a program through (the API's numbers). */
const validating = 11003
const validated = 11004
export const activeStatus = 11001

/**
 * An active payment program made through the API by the signed-in owner, as the wizard would make
 * it: the draft, one payment method at the sandbox provider, validation, then activation.
 */
export async function activePaymentProgram(
  ownerPage: Page,
  title: string,
  method: 'card' | 'ideal' = 'card',
): Promise<string> {
  const program = ok(
    await apiCall<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/programs', {
      type: 3001,
      title,
    }),
    201,
    'create the payment program',
  ).result.uuid
  ok(
    await apiCall(ownerPage, 'POST', '/manager/program-methods', {
      program,
      methods: [{ method_id: method, provider_id: 'sandbox', is_used: true }],
    }),
    200,
    'payment methods',
  )
  for (const status of [validating, validated, activeStatus]) {
    ok(await apiCall(ownerPage, 'PATCH', `/manager/programs/${program}`, { status }), 200, `status ${status}`)
  }
  return program
}

/** The owner invites an acceptor to a program by e-mail; answers the invitation's uuid. */
export async function inviteAcceptor(ownerPage: Page, program: string, email: string): Promise<string> {
  return ok(
    await apiCall<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/program-acceptors', {
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
  const invitation = await inviteAcceptor(ownerPage, program, email)
  ok(
    await apiCall(acceptorPage, 'POST', `/manager/program-acceptors/${invitation}/accept`, {}),
    200,
    'accept the invitation',
  )
  return ok(
    await apiCall<{ result: { uuid: string } }>(acceptorPage, 'POST', '/manager/cashpoints', {
      program,
      title: cashpoint,
    }),
    201,
    'open a cashpoint',
  ).result.uuid
}
