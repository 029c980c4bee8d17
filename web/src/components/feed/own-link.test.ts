import { describe, expect, it } from 'vitest'
import { ownLink } from './own-link.ts'

const id = '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d'

describe('a post’s link to the platform’s own pages', () => {
  it('recognises a restaurant and a bill on the viewer’s host', () => {
    expect(ownLink(`https://cardpay.example/food/place/${id}`, 'cardpay.example')).toEqual({
      kind: 'restaurant',
      uuid: id,
    })
    expect(ownLink(`https://CardPay.example/bills/${id.toUpperCase()}/`, 'cardpay.example')).toEqual({
      kind: 'bill',
      uuid: id,
    })
  })

  it('leaves other hosts, other paths and broken links ordinary links', () => {
    expect(ownLink(`https://evil.example/food/place/${id}`, 'cardpay.example')).toBeNull()
    expect(ownLink(`https://cardpay.example.evil/bills/${id}`, 'cardpay.example')).toBeNull()
    expect(ownLink(`https://cardpay.example/bills/${id}/pay`, 'cardpay.example')).toBeNull()
    expect(ownLink('https://cardpay.example/bills/not-a-uuid', 'cardpay.example')).toBeNull()
    expect(ownLink('not a link', 'cardpay.example')).toBeNull()
  })
})
