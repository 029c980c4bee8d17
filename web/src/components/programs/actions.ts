import type { QueryClient } from '@tanstack/react-query'
import { type Answer, api, type Body } from '~/lib/api.ts'
import {
  type AcceptorStatus,
  type Cashpoint,
  type Program,
  type ProgramAcceptor,
  type ProgramMethods,
  type ProgramStatus,
  type ProgramType,
  type ProviderAccount,
  programKeys,
} from './queries.ts'

/** The programs API's writes, as the screens call them (answers unwrapped from `result`). */

const path = (uuid: string) => encodeURIComponent(uuid)

/** What a new program is made with besides its type (`POST manager/programs`). */
export type ProgramDetails = Omit<Body<'/manager/programs'>, 'type' | 'status'>

export async function createProgram(type: ProgramType, details: ProgramDetails): Promise<Program> {
  return (await api.post<Answer<'/manager/programs', 'post', 201>>('/manager/programs', { type, ...details }))
    .result
}

export async function updateProgram(
  uuid: string,
  change: Partial<ProgramDetails> & { status?: ProgramStatus },
): Promise<Program> {
  return (
    await api.patch<Answer<'/manager/programs/{uuid}', 'patch'>>(`/manager/programs/${path(uuid)}`, change)
  ).result
}

export async function deleteProgram(uuid: string): Promise<void> {
  await api.delete(`/manager/programs/${path(uuid)}`)
}

/** One method of a program as `POST manager/program-methods` takes it. */
export type MethodSetting = Body<'/manager/program-methods'>['methods'][number]

export function saveProgramMethods(program: string, methods: MethodSetting[]): Promise<ProgramMethods> {
  return api.post<Answer<'/manager/program-methods', 'post'>>('/manager/program-methods', {
    program,
    methods,
  })
}

/** A program's keys at a provider, as `POST manager/program-providers` takes them. */
export type ProviderKeys = Body<'/manager/program-providers'>

/** Saves a program's keys at a provider; the API checks them with the provider first (422, 503). */
export function saveProviderKeys(keys: ProviderKeys): Promise<ProviderAccount> {
  return api.post<Answer<'/manager/program-providers', 'post', 201>>('/manager/program-providers', keys)
}

export async function inviteAcceptor(program: string, email: string): Promise<ProgramAcceptor> {
  return (
    await api.post<Answer<'/manager/program-acceptors', 'post', 201>>('/manager/program-acceptors', {
      program,
      email,
    })
  ).result
}

export async function setAcceptorStatus(uuid: string, status: AcceptorStatus): Promise<ProgramAcceptor> {
  return (
    await api.patch<Answer<'/manager/program-acceptors/{uuid}', 'patch'>>(
      `/manager/program-acceptors/${path(uuid)}`,
      {
        status,
      },
    )
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
    await api.post<Answer<'/manager/program-acceptors/{uuid}/accept', 'post'>>(
      `/manager/program-acceptors/${path(uuid)}/${answer}`,
      inviteToken ? { invite_token: inviteToken } : {},
    )
  ).result
}

export async function createCashpoint(program: string, title: string): Promise<Cashpoint> {
  return (
    await api.post<Answer<'/manager/cashpoints', 'post', 201>>('/manager/cashpoints', { program, title })
  ).result
}

export async function updateCashpoint(
  uuid: string,
  change: { title?: string; is_active?: boolean },
): Promise<Cashpoint> {
  return (
    await api.patch<Answer<'/manager/cashpoints/{uuid}', 'patch'>>(
      `/manager/cashpoints/${path(uuid)}`,
      change,
    )
  ).result
}

/** After a program changed: its page gets the answer, every list is read again. */
export function programChanged(queryClient: QueryClient, program: Program): void {
  queryClient.setQueryData(programKeys.detail(program.uuid), program)
  void queryClient.invalidateQueries({ queryKey: programKeys.lists() })
}
