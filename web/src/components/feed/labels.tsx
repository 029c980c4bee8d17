import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AdminPostStatus, Audience } from './queries.ts'

/** Who sees a post, in words (spec section 6: everyone, card holders only, private). */
export const audienceLabels: Record<Audience, MessageDescriptor> = {
  everyone: msg`Everyone`,
  cardholders: msg`Card holders of the program`,
  private: msg`Only me`,
}

export const audienceHints: Record<Audience, MessageDescriptor> = {
  everyone: msg`Anyone, also visitors who are not signed in.`,
  cardholders: msg`Holders of a card or bill of the program, its owner and its acceptors.`,
  private: msg`Only you and the administrators.`,
}

export const adminStatusLabels: Record<AdminPostStatus, MessageDescriptor> = {
  published: msg`Published`,
  hidden: msg`Hidden`,
  removed: msg`Removed`,
  deleted: msg`Deleted by its author`,
}
