import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import type { Resolver } from '../platform/address-guard.ts'
import { newId } from '../platform/ids.ts'
import { defaultFetchPolicy } from './index.ts'
import { linkPreviewHandler, platformHosts } from './jobs/link-preview.ts'
import { ownLink } from './shared.ts'

/**
 * Links to the platform's own pages (docs/feed.md, "Own links"): recognised alike by the web and
 * the link preview step, which does not fetch them.
 */

const id = '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d'
const hosts = ['localhost', 'programs.localhost', 'cardpay.example']

describe('own links (pure)', () => {
  it('recognises a restaurant, a bill and a card program’s order page on the platform’s hosts', () => {
    expect(ownLink(`https://cardpay.example/food/place/${id}`, hosts)).toEqual({
      kind: 'restaurant',
      uuid: id,
    })
    expect(ownLink(`http://localhost:3000/bills/${id.toUpperCase()}`, hosts)).toEqual({
      kind: 'bill',
      uuid: id,
    })
    for (const path of [`/programs/${id}/order`, `/order/${id}/`, `/programs/${id}`])
      expect(ownLink(`http://programs.localhost:3000${path}`, hosts), path).toEqual({
        kind: 'card_program',
        uuid: id,
      })
  })

  it('a host with a port matches only with it; other hosts, paths and schemes are not own', () => {
    expect(ownLink(`http://localhost:3000/food/place/${id}`, ['localhost:3000'])).not.toBeNull()
    expect(ownLink(`http://localhost:4000/food/place/${id}`, ['localhost:3000'])).toBeNull()
    expect(ownLink(`https://cardpay.example.evil/food/place/${id}`, hosts)).toBeNull()
    expect(ownLink(`https://evil.example/food/place/${id}`, hosts)).toBeNull()
    expect(ownLink(`https://cardpay.example/programs/${id}/order/extra`, hosts)).toBeNull()
    expect(ownLink(`https://cardpay.example/programs/${id}/acceptors`, hosts)).toBeNull()
    expect(ownLink('https://cardpay.example/order/not-a-uuid', hosts)).toBeNull()
    expect(ownLink(`ftp://cardpay.example/food/place/${id}`, hosts)).toBeNull()
    expect(ownLink('not a link', hosts)).toBeNull()
    expect(ownLink(`https://cardpay.example/food/place/${id}`, [''])).toBeNull()
  })

  it('the platform’s hosts are every portal’s names and the public address’s', () => {
    expect(
      platformHosts({
        ADMIN_HOST: ['admin.cardpay.example'],
        PROGRAMS_HOST: ['programs.cardpay.example'],
        ACCEPTOR_HOST: ['acceptor.cardpay.example'],
        CARDHOLDER_HOST: ['cardpay.example', 'app.cardpay.example'],
        PUBLIC_URL: 'https://www.cardpay.example',
      }),
    ).toEqual([
      'admin.cardpay.example',
      'programs.cardpay.example',
      'acceptor.cardpay.example',
      'cardpay.example',
      'app.cardpay.example',
      'www.cardpay.example',
    ])
  })
})

describe('the link preview step', () => {
  let t: TestContext
  let owner: Member
  beforeAll(async () => {
    t = await createTestContext()
    owner = await seedMember(seeding(t), 'owner')
  }, 60_000)
  afterAll(() => t.close())

  /** Runs the preview handler for a post with `link`; answers the host names it tried to resolve. */
  async function preview(link: string): Promise<string[]> {
    const post = expectStatus(
      await owner.api<{ uuid: string }>('POST', '/feed/posts', { title: 'A link', text: 'Look', link }),
      201,
      'post',
    )
    const asked: string[] = []
    const resolve: Resolver = (hostname, callback) => {
      asked.push(hostname)
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
    }
    const handler = linkPreviewHandler({ ...defaultFetchPolicy, timeoutMs: 2000, resolve })
    await handler.handle({
      event: { id: newId(), payload: { post_id: post.uuid, link } } as never,
      services: t.services,
      log: pino({ level: 'silent' }),
      job: {} as never,
    })
    return asked
  }

  it('does not fetch a page of the platform, and does fetch any other', async () => {
    expect(await preview(`https://app.localhost/food/place/${id}`)).toEqual([])
    expect(await preview(`https://app.localhost/bills/${id}`)).toEqual([])
    expect(await preview(`https://programs.localhost/programs/${id}/order`)).toEqual([])
    // The same host, another page; and another site: fetched (through the address guard).
    expect(await preview('https://app.localhost/help')).toEqual(['app.localhost'])
    expect(await preview('https://koffiebar.example/menu')).toEqual(['koffiebar.example'])
  })
})
