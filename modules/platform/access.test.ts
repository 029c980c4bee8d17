import { describe, expect, it } from 'vitest'
import {
  type Caller,
  cashpointInView,
  programInView,
  programOfOwnerOrAcceptor,
  programOwnerInView,
  type UserTypeName,
  userTypes,
} from './access.ts'
import { AppError } from './errors.ts'

const as = (type: UserTypeName, user_id = `${type}-1`): Caller => ({ user_id, user_type: userTypes[type] })
const program = { owner_user_id: 'owner-1' }
const cashpoint = { acceptor_user_id: 'acceptor-1' }

/** The refusal a check throws: its code and status, or 'passes'. */
function outcome(check: () => unknown): string {
  try {
    check()
    return 'passes'
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`
    throw err
  }
}

describe('programInView (a program named in a list filter)', () => {
  it('lets the admin, the owner, an acceptor with a place and a card holder with something in it narrow a list', () => {
    expect(outcome(() => programInView(as('admin'), program))).toBe('passes')
    expect(outcome(() => programInView(as('owner'), program))).toBe('passes')
    expect(outcome(() => programInView(as('acceptor'), program, { standing: 'active' }))).toBe('passes')
    expect(outcome(() => programInView(as('acceptor'), program, { standing: 'former' }))).toBe('passes')
    expect(outcome(() => programInView(as('holder'), program, { held: true }))).toBe('passes')
  })

  it('answers 404 for another tenant’s program and for none, never an empty page', () => {
    expect(outcome(() => programInView(as('owner', 'owner-2'), program))).toBe('404 not_found')
    expect(outcome(() => programInView(as('acceptor'), program, { standing: 'none' }))).toBe('404 not_found')
    expect(outcome(() => programInView(as('acceptor'), program))).toBe('404 not_found')
    expect(outcome(() => programInView(as('holder'), program, { held: false }))).toBe('404 not_found')
    // Facts for another user type do not open it.
    expect(
      outcome(() => programInView(as('owner', 'owner-2'), program, { standing: 'active', held: true })),
    ).toBe('404 not_found')
    expect(outcome(() => programInView(as('admin'), undefined))).toBe('404 not_found')
    expect(outcome(() => programInView(as('owner'), undefined))).toBe('404 not_found')
  })
})

describe('cashpointInView (a cashpoint named in a list filter)', () => {
  it('lets the admin, the program’s owner and the cashpoint’s acceptor narrow a list', () => {
    expect(outcome(() => cashpointInView(as('admin'), cashpoint, program))).toBe('passes')
    expect(outcome(() => cashpointInView(as('owner'), cashpoint, program))).toBe('passes')
    expect(outcome(() => cashpointInView(as('acceptor'), cashpoint, program))).toBe('passes')
  })

  it('answers 404 for another acceptor’s, another owner’s program’s, and none', () => {
    expect(outcome(() => cashpointInView(as('acceptor', 'acceptor-2'), cashpoint, program))).toBe(
      '404 not_found',
    )
    expect(outcome(() => cashpointInView(as('owner', 'owner-2'), cashpoint, program))).toBe('404 not_found')
    expect(outcome(() => cashpointInView(as('holder'), cashpoint, program))).toBe('404 not_found')
    expect(outcome(() => cashpointInView(as('admin'), undefined, program))).toBe('404 not_found')
    expect(outcome(() => cashpointInView(as('admin'), cashpoint, undefined))).toBe('404 not_found')
  })
})

describe('programOwnerInView (an owner named in a list filter)', () => {
  const owner = { id: 'owner-1', type: userTypes.owner }
  it('lets an admin name any program owner, and an owner only themselves', () => {
    expect(outcome(() => programOwnerInView(as('admin'), owner))).toBe('passes')
    expect(outcome(() => programOwnerInView(as('owner'), owner))).toBe('passes')
    expect(outcome(() => programOwnerInView(as('owner', 'owner-2'), owner))).toBe('404 not_found')
    expect(outcome(() => programOwnerInView(as('admin'), { id: 'a', type: userTypes.acceptor }))).toBe(
      '404 not_found',
    )
    expect(outcome(() => programOwnerInView(as('admin'), undefined))).toBe('404 not_found')
  })
})

describe('programOfOwnerOrAcceptor (a restaurant and its staff)', () => {
  it('lets its owner and an acceptor taking part now through', () => {
    expect(outcome(() => programOfOwnerOrAcceptor(as('owner'), program, 'none'))).toBe('passes')
    expect(outcome(() => programOfOwnerOrAcceptor(as('acceptor'), program, 'active'))).toBe('passes')
  })

  it('tells another owner and an acceptor who never had a place that it does not exist', () => {
    expect(outcome(() => programOfOwnerOrAcceptor(as('owner', 'owner-2'), program, 'none'))).toBe(
      '404 not_found',
    )
    expect(outcome(() => programOfOwnerOrAcceptor(as('acceptor'), program, 'none'))).toBe('404 not_found')
    expect(outcome(() => programOfOwnerOrAcceptor(as('owner'), undefined, 'none'))).toBe('404 not_found')
  })

  it('refuses an acceptor whose place is no longer active (403) and other user types (404)', () => {
    expect(outcome(() => programOfOwnerOrAcceptor(as('acceptor'), program, 'former'))).toBe('403 forbidden')
    expect(outcome(() => programOfOwnerOrAcceptor(as('holder'), program, 'none'))).toBe('404 not_found')
    expect(outcome(() => programOfOwnerOrAcceptor(as('admin'), program, 'none'))).toBe('404 not_found')
  })
})
