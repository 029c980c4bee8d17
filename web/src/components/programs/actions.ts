import type { QueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import {
  type AcceptorStatusId,
  type Cashpoint,
  type Program,
  type ProgramAcceptor,
  type ProgramMethods,
  type ProgramStatusId,
  type ProgramTypeId,
  type ProviderAccount,
  programKeys,
} from './queries.ts'

/** The programs API's writes, as the screens call them (answers unwrapped from `result`). */

const path = (uuid: string) => encodeURIComponent(uuid)

export interface ProgramDetails {
  title: string
  description: string
  currency: string
}

export async function createProgram(type: ProgramTypeId, details: ProgramDetails): Promise<Program> {
  return (await api.post<{ result: Program }>('/manager/programs', { type, ...details })).result
}

export async function updateProgram(
  uuid: string,
  change: Partial<ProgramDetails> & { status?: ProgramStatusId },
): Promise<Program> {
  return (await api.patch<{ result: Program }>(`/manager/programs/${path(uuid)}`, change)).result
}

export async function deleteProgram(uuid: string): Promise<void> {
  await api.delete(`/manager/programs/${path(uuid)}`)
}

export interface MethodSetting {
  method_id: string
  provider_id: string | null
  is_used: boolean
}

export function saveProgramMethods(program: string, methods: MethodSetting[]): Promise<ProgramMethods> {
  return api.post<ProgramMethods>('/manager/program-methods', { program, methods })
}

export interface ProviderKeys {
  program: string
  provider: string
  mode: 'test' | 'live'
  api_key: string
  webhook_secret?: string | undefined
}

/** Saves a program's keys at a provider; the API checks them with the provider first (422, 503). */
export function saveProviderKeys(keys: ProviderKeys): Promise<ProviderAccount> {
  return api.post<ProviderAccount>('/manager/program-providers', keys)
}

export async function inviteAcceptor(program: string, email: string): Promise<ProgramAcceptor> {
  return (await api.post<{ result: ProgramAcceptor }>('/manager/program-acceptors', { program, email }))
    .result
}

export async function setAcceptorStatus(uuid: string, status: AcceptorStatusId): Promise<ProgramAcceptor> {
  return (
    await api.patch<{ result: ProgramAcceptor }>(`/manager/program-acceptors/${path(uuid)}`, { status })
  ).result
}

/** Withdraws a pending invitation, or unsubscribes an acceptor (204 either way). */
export async function removeAcceptor(uuid: string): Promise<void> {
  await api.delete(`/manager/program-acceptors/${path(uuid)}`)
}

export async function resendInvitation(uuid: string): Promise<void> {
  await api.post(`/manager/program-acceptors/${path(uuid)}/resend`)
}

export async function answerInvitation(
  uuid: string,
  answer: 'accept' | 'decline',
  inviteToken?: string,
): Promise<ProgramAcceptor> {
  return (
    await api.post<{ result: ProgramAcceptor }>(
      `/manager/program-acceptors/${path(uuid)}/${answer}`,
      inviteToken ? { invite_token: inviteToken } : {},
    )
  ).result
}

export async function createCashpoint(program: string, title: string): Promise<Cashpoint> {
  return (await api.post<{ result: Cashpoint }>('/manager/cashpoints', { program, title })).result
}

export async function updateCashpoint(
  uuid: string,
  change: { title?: string; is_active?: boolean },
): Promise<Cashpoint> {
  return (await api.patch<{ result: Cashpoint }>(`/manager/cashpoints/${path(uuid)}`, change)).result
}

/** After a program changed: its page gets the answer, every list is read again. */
export function programChanged(queryClient: QueryClient, program: Program): void {
  queryClient.setQueryData(programKeys.detail(program.uuid), program)
  void queryClient.invalidateQueries({ queryKey: programKeys.lists() })
}
