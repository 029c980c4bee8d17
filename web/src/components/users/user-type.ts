import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { UserTypeFilter } from '~/lib/queries/users.ts'

/** User types of the specification: 1 program owner, 2 acceptor, 3 card holder, 4 admin. */
export const userTypeNames: Record<number, MessageDescriptor> = {
  1: msg`Program owner`,
  2: msg`Acceptor`,
  3: msg`Card holder`,
  4: msg`Administrator`,
}

export const userTypeFilterNames: Record<UserTypeFilter, MessageDescriptor> = {
  all: msg`All`,
  po: msg`Program owners`,
  acc: msg`Acceptors`,
  ch: msg`Card holders`,
  admin: msg`Administrators`,
}
