/**
 * Food: food programs (type 4001, one restaurant). The restaurant beside its program (address,
 * ordering switches, pickup, delivery by zip code or distance, working hours and exceptions in its
 * own time zone, terms and privacy PDFs), its menu (categories, products with variants and extras,
 * in the owner's order, images in several sizes), its brand on a domain of its own with SEO, its
 * announcements, and the guest pages' data (restaurants, a restaurant with its menu, a product, the
 * brand of a domain, JSON-LD, sitemap and robots). The program's wizard steps are this module's
 * (`programs.step-checks` for 4001): the restaurant for draftStep2, a menu for draftStep3.
 * Ordering (issue 15): the food session, its basket, checkout with payment through `payments`,
 * the order's life with its history, e-mails and ledger entry, the kitchen board (SSE) and the
 * owner's order books. Programs and payments are used through their public surfaces only. See
 * docs/food.md.
 */

import { alwaysRefundable, payableRefunds } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { programStepChecks, programTypes } from '../programs/index.ts'
import { foodErrors } from './errors.ts'
import { robotsResponse, sitemapResponse } from './http/guest.ts'
import { registerRootManifestRoutes } from './http/manifest.ts'
import { registerFoodRoutes } from './http/routes.ts'
import { onFoodOrderPaid, onFoodOrderPaymentEnded, sendFoodOrderEmail } from './orders/jobs.ts'
import { foodOrderPayable } from './orders/life.ts'
import { guestPageStamp } from './queries/page-stamp.ts'
import { foodProgramSteps } from './steps.ts'
import './mail/index.ts'

export { basketJson } from './basket.ts'
export {
  applyOrderPaidOut,
  applySubOrderAwaiting,
  applySubOrderPaid,
  applySubOrderPaymentEnded,
  applySubOrderRejected,
  type CourtRestaurantCard,
  deliveredOrdersBefore,
  draftSubOrder,
  imageUrlOf,
  insertSubOrder,
  isOwnRestaurantImage,
  isRestaurantDomain,
  orderForPayout,
  restaurantCards,
  type SubOrderDraft,
  type SubOrderFacts,
  subOrderFacts,
} from './court.ts'
export { type Opening, openingAt } from './hours.ts'
export { returnOriginFor } from './http/return-origin.ts'
export { foodOrderStatusChanged } from './orders/events.ts'
export { foodOrderPayable, nudgeBoards } from './orders/life.ts'
export { brandForHost } from './queries/brand.ts'
export { sessionOf } from './session.ts'

export const foodModule = defineModule({
  name: 'food',
  errors: foodErrors,
  provides: [
    provide(programStepChecks, { type: programTypes.foodsManagement, check: foodProgramSteps }),
    // A food order's payment may be refunded by the restaurant's owner (a refund does not move the order).
    provide(payableRefunds, { kind: foodOrderPayable, rule: alwaysRefundable }),
  ],
  handlers: [onFoodOrderPaid, onFoodOrderPaymentEnded, sendFoodOrderEmail],
  routes: (app) => registerFoodRoutes(app),
  // Every host answers its own sitemap, robots and web app manifest (a restaurant's domain: its own).
  rootRoutes: (app) => {
    app.get('/sitemap.xml', (c) => sitemapResponse(c))
    app.get('/robots.txt', (c) => robotsResponse(c))
    registerRootManifestRoutes(app)
  },
  // The guest pages' shared render is answered again while their data is unchanged (docs/food.md "Speed").
  pageStamp: ({ services, url, host }) => guestPageStamp(services.db, url, host),
})
