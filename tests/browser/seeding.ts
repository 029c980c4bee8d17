import type { Browser, Page } from '@playwright/test'
import type { UserType } from '../../modules/platform/access.ts'
import { type Api, type Caller, type SeededUser, type Seeding, seedUser } from '../support/factories.ts'
import { apiCall } from './api.ts'
import { type PortalName, portalUrl } from './portals.ts'
import { portalPage } from './session.ts'
import { seedDatabase, signedInPage } from './users-seed.ts'

/**
 * The shared factories (tests/support/factories.ts) in the browser tests: users in the database of
 * the platform under test, everything else through its API from a signed-in page (its cookies and
 * CSRF header, as the portals call it).
 *
 *   const s = browserSeeding(browser)
 *   const owner = await seedMember(s, 'owner')
 *   const program = await seedProgram(owner, 'payment')
 *   const ownerPage = s.pageOf(owner)          // the page the owner is signed in on
 */

/** The API as the user signed in on `page`. */
export function pageApi(page: Page): Api {
  return (method, path, body) => apiCall(page, method, path, body)
}

/** A page's user as a caller of the factories: `seedProgram(callerOf(ownerPage), 'card')`. */
export const callerOf = (page: Page): Caller => ({ api: pageApi(page) })

const portalOfType: Record<UserType, PortalName> = {
  1: 'programs',
  2: 'acceptor',
  3: 'cardholder',
  4: 'admin',
}

export interface BrowserSeeding extends Seeding {
  /** The page a member signed in on (each in a browser context of its own, English). */
  pageOf(user: { email: string }): Page
}

export function browserSeeding(browser: Browser): BrowserSeeding {
  const pages = new Map<string, Page>()
  let guestPage: Promise<Page> | undefined
  const guest: Api = async (method, path, body) => {
    guestPage ??= portalPage(browser, 'cardholder').then(async (page) => {
      await page.goto(portalUrl('cardholder', '/'))
      return page
    })
    return apiCall(await guestPage, method, path, body)
  }
  return {
    db: seedDatabase(),
    async signIn(user: SeededUser) {
      const page = await signedInPage(browser, portalOfType[user.type], { ...user, uuid: user.id })
      pages.set(user.email, page)
      return pageApi(page)
    },
    guest,
    pageOf(user) {
      const page = pages.get(user.email)
      if (!page) throw new Error(`${user.email} is not signed in through this seeding`)
      return page
    },
  }
}

/** A user straight in the database, as the shared factory makes it (for `seedUser(portal)`). */
export const seedUserIn = (fields: Parameters<typeof seedUser>[1]) => seedUser({ db: seedDatabase() }, fields)
