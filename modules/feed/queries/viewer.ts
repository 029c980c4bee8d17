import { programsWithActiveCard } from '../../cards/index.ts'
import { type Caller, isAcceptor, isHolder, isOwner } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { programsOwnedBy, programsTakenPartIn } from '../../programs/index.ts'
import { type AudienceSource, audienceSources } from '../ports.ts'
import type { Viewer } from '../rules/audience.ts'

/**
 * The feed's own sources of membership (ports.ts): a program's owner, its active acceptors and the
 * holders of an active card of it. Each asks only for the user type that can have the standing.
 */
export const ownSources: AudienceSource[] = [
  {
    key: 'owners',
    programsOf: (db, me) => (isOwner(me) ? programsOwnedBy(db, me.user_id) : Promise.resolve([])),
  },
  {
    key: 'acceptors',
    programsOf: (db, me) => (isAcceptor(me) ? programsTakenPartIn(db, me.user_id) : Promise.resolve([])),
  },
  {
    key: 'cards',
    programsOf: (db, me) => (isHolder(me) ? programsWithActiveCard(db, me.user_id) : Promise.resolve([])),
  },
]

/**
 * The viewer of a request, with the programs they are a member of (every contribution to
 * `feed.audience-sources`, asked at once); a guest is null. Read per request, so a card activated
 * or a place given up counts from the next request on.
 */
export async function viewerOf(db: DbOrTrx, me: Caller | null): Promise<Viewer | null> {
  if (!me) return null
  const lists = await Promise.all(audienceSources.all().map((s) => s.programsOf(db, me)))
  return { user_id: me.user_id, user_type: me.user_type, members: new Set(lists.flat()) }
}
