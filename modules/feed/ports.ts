import type { Caller } from '../platform/access.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { defineHook } from '../platform/ports.ts'

/**
 * Who is a member of a program for the feed's `cardholders` audience: each contribution names the
 * programs a user has a place in by one kind of standing. The feed gives three itself (owners,
 * active acceptors, holders of an active card); the credit module adds holders of a bill that
 * is not archived (issue 13) by providing `{ key: 'bills', programsOf }` here, without the feed
 * changing. A post for card holders of program X is seen by whoever any contribution puts in X.
 */
export interface AudienceSource {
  key: string
  programsOf(db: DbOrTrx, me: Caller): Promise<readonly string[]>
}

export const audienceSources = defineHook<AudienceSource>({
  id: 'feed.audience-sources',
  description: "the programs a user is a member of for the feed's card-holder posts",
  key: (c) => c.key,
})
