import type { Logger } from './logger.ts'

/** User types of the specification: 1 program owner, 2 acceptor, 3 card holder, 4 admin. */
export type UserType = 1 | 2 | 3 | 4

/** Who caused something: a signed-in user, the system (a job, the relay), or nobody (a guest). */
export type Actor =
  | { kind: 'user'; user_id: string; user_type: UserType; session_id?: string }
  | { kind: 'system'; name: string }
  | { kind: 'guest' }

export const guest: Actor = { kind: 'guest' }
export const system = (name: string): Actor => ({ kind: 'system', name })

/**
 * What a command needs to know about the call it serves: who is acting, the request id that ties
 * logs, events and jobs together, and a logger already bound to both.
 */
export interface RequestContext {
  requestId: string
  actor: Actor
  log: Logger
  /** The request's Idempotency-Key, when it has one: a money-moving command ties its effect to it. */
  idempotency?: IdempotencyClaim
}

/** The Idempotency-Key a request runs under (`idempotency.ts`), scoped to its caller and route. */
export interface IdempotencyClaim {
  scope: string
  key: string
}
