import type { MessageDescriptor } from '@lingui/core'
import { mailI18n, resolveMailLocale } from '../platform/mail/i18n.ts'
import {
  acceptorStatusName,
  type ProgramStatus,
  type ProgramType,
  programStatusName,
  programTypeName,
  statusUuid,
} from './codes.ts'
import {
  acceptorStatusDescriptions,
  programStatusDescriptions,
  programTypeDescriptions,
} from './mail/labels.ts'

/** A message of the server-side catalog in a language (Dutch when unknown, English for a gap). */
export function translate(language: string, descriptor: MessageDescriptor, values?: Record<string, unknown>) {
  return mailI18n(resolveMailLocale(language))._({ ...descriptor, ...(values ? { values } : {}) })
}

/** `type {id, title, description}` of spec section 3. */
export const programTypeObject = (id: number, language: string) => {
  const title = programTypeName(id)
  return { id: id as ProgramType, title, description: translate(language, programTypeDescriptions[title]) }
}

/** `status {id, uuid, title, description}` of spec section 3. */
export const programStatusObject = (id: number, language: string) => {
  const title = programStatusName(id)
  return {
    id: id as ProgramStatus,
    uuid: statusUuid(id),
    title,
    description: translate(language, programStatusDescriptions[title]),
  }
}

/** An acceptor's status in the same shape as a program's. */
export const acceptorStatusObject = (id: number, language: string) => {
  const title = acceptorStatusName(id)
  return {
    id,
    uuid: statusUuid(id),
    title,
    description: translate(language, acceptorStatusDescriptions[title]),
  }
}
