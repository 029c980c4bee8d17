import { isRedirect, type ParsedLocation } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The navigation's labels are Lingui macros, which only the app's build compiles; the guard needs
// none of them.
vi.mock('./navigation.ts', () => ({
  portalHasScreen: () => true,
  portalHome: { admin: '/finances', programs: '/programs', acceptor: '/orders', cardholder: '/food' },
}))

const { billLinkOf, guardPortalRoute, peekPendingBill, rememberPendingLink, takePendingDestination } =
  await import('./guard.ts')

const bill = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
const at = (pathname: string) => ({ pathname, search: {} }) as unknown as ParsedLocation

/** sessionStorage as a browser tab has it. */
function stubSessionStorage() {
  const items = new Map<string, string>()
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  })
  return items
}

describe('bill links', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('are a bill’s page or its pay link, by uuid', () => {
    expect(billLinkOf(at(`/bills/${bill}`))).toEqual({ bill, pay: false })
    expect(billLinkOf(at(`/bills/${bill}/`))).toEqual({ bill, pay: false })
    expect(billLinkOf(at(`/bills/${bill}/payment`))).toEqual({ bill, pay: true })
    expect(billLinkOf(at(`/bills/${bill.toUpperCase()}`))).toEqual({ bill, pay: false })
    expect(billLinkOf(at('/bills'))).toBeNull()
    expect(billLinkOf(at('/bills/all'))).toBeNull()
    expect(billLinkOf(at('/bills/not-a-uuid'))).toBeNull()
    expect(billLinkOf(at(`/bills/${bill}/other`))).toBeNull()
    expect(billLinkOf(at(`/cards/${bill}`))).toBeNull()
  })

  it('opened signed out on the server go to sign-in carrying the bill', () => {
    const context = { portal: 'cardholder' as const, session: null, sessionRestorable: false }
    const redirectOf = (pathname: string) => {
      try {
        guardPortalRoute(context, at(pathname))
      } catch (thrown) {
        if (isRedirect(thrown)) return thrown.options
        throw thrown
      }
      throw new Error('no redirect')
    }
    expect(redirectOf(`/bills/${bill}`)).toMatchObject({ to: '/sign-in', search: { bill } })
    expect(redirectOf(`/bills/${bill}/payment`)).toMatchObject({ to: '/sign-in', search: { bill, pay: 1 } })
    // Another page: plain sign-in.
    expect(redirectOf('/bills')).toMatchObject({ to: '/sign-in' })
    expect(redirectOf('/bills').search).toBeUndefined()
  })

  describe('in the browser', () => {
    let items: Map<string, string>
    beforeEach(() => {
      items = stubSessionStorage()
    })

    it('are kept for this tab and lead back after signing in, once', () => {
      rememberPendingLink('cardholder', at(`/bills/${bill}/payment`))
      expect(peekPendingBill()).toEqual({ bill, pay: true })
      expect(takePendingDestination('cardholder')).toEqual({
        to: '/bills/$uuid/payment',
        params: { uuid: bill },
      })
      expect(takePendingDestination('cardholder')).toBeNull()

      rememberPendingLink('cardholder', at(`/bills/${bill}`))
      expect(takePendingDestination('cardholder')).toEqual({ to: '/bills/$uuid', params: { uuid: bill } })
    })

    it('are the card holders’ only, and a garbled one is dropped', () => {
      rememberPendingLink('programs', at(`/bills/${bill}`))
      expect(items.size).toBe(0)
      items.set('billLink', JSON.stringify({ bill: '../../admin', pay: true }))
      expect(peekPendingBill()).toBeNull()
      expect(takePendingDestination('cardholder')).toBeNull()
      items.set('billLink', '{not json')
      expect(takePendingDestination('cardholder')).toBeNull()
    })
  })
})
