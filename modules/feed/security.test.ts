import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { expectStatus, seedProgram } from '../../tests/support/factories.ts'
import { runRouteSecurityTests } from '../../tests/support/route-security.ts'
import { feedModule } from './index.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface Fixtures {
  /** Tenant A's owner's post for the card holders of their program: tenant B sees nothing of it. */
  post: string
  comment: string
}

const onPost = (f: Fixtures) => ({ params: { uuid: f.post } })

runRouteSecurityTests<Fixtures>({
  context: () => t,
  module: feedModule,
  setup: async ({ a }) => {
    const program = (await seedProgram(a.owner, 'payment')).uuid
    const post = expectStatus(
      await a.owner.api<{ uuid: string }>('POST', '/feed/posts', {
        title: 'For our members',
        text: 'Members only',
        program_uuid: program,
        audience: 'cardholders',
      }),
      201,
      'post for card holders',
    ).uuid
    const comment = expectStatus(
      await a.owner.api<{ uuid: string }>('POST', `/feed/posts/${post}/comments`, { text: 'First!' }),
      201,
      'comment',
    ).uuid
    return { post, comment }
  },
  routes: {
    'POST /feed/posts': { roles: ['owner', 'acceptor', 'admin'] },
    'PATCH /feed/posts/{uuid}': {
      roles: ['owner', 'acceptor', 'admin'],
      foreign: { as: 'owner', request: (f) => ({ ...onPost(f), body: { title: 'Mine now' } }) },
    },
    'DELETE /feed/posts/{uuid}': {
      roles: ['owner', 'acceptor', 'admin'],
      foreign: [
        { as: 'owner', request: onPost },
        { as: 'acceptor', request: onPost },
      ],
    },
    'POST /feed/posts/{uuid}/like': {
      roles: 'any',
      foreign: [
        { as: 'owner', request: onPost },
        { as: 'acceptor', request: onPost },
        { as: 'holder', request: onPost },
      ],
    },
    'POST /feed/posts/{uuid}/comments': {
      roles: 'any',
      foreign: [
        { as: 'holder', request: (f) => ({ ...onPost(f), body: { text: 'Let me in' } }) },
        { as: 'owner', request: (f) => ({ ...onPost(f), body: { text: 'Let me in' } }) },
      ],
    },
    'POST /feed/posts/{uuid}/comments/{commentUuid}': {
      roles: 'any',
      foreign: {
        as: 'holder',
        request: (f) => ({ params: { uuid: f.post, commentUuid: f.comment }, body: { text: 'Changed' } }),
      },
    },
    'DELETE /feed/posts/{uuid}/comments/{commentUuid}': {
      roles: 'any',
      foreign: { as: 'owner', request: (f) => ({ params: { uuid: f.post, commentUuid: f.comment } }) },
    },
    'POST /feed/upload': { roles: ['owner', 'acceptor', 'admin'] },
    'POST /feed/files': { roles: ['owner', 'acceptor', 'admin'] },
    'POST /feed/videos': { roles: ['owner', 'acceptor', 'admin'] },
    'POST /feed/uploads': { roles: ['owner', 'acceptor', 'admin'] },
    'PATCH /feed/uploads/{id}': { roles: ['owner', 'acceptor', 'admin'] },
    'GET /feed/admin/posts': { roles: ['admin'] },
    'POST /feed/admin/posts/{uuid}/moderation': { roles: ['admin'] },
    'GET /feed/admin/statistics': { roles: ['admin'] },
  },
})
