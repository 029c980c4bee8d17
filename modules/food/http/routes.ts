import type { ApiApp } from '../../platform/module.ts'
import { registerBrandAndFileRoutes } from './brand-and-files.ts'
import { registerGuestRoutes } from './guest.ts'
import { registerGuestOrderEvents } from './guest-order-events.ts'
import { registerMenuRoutes } from './menu.ts'
import { registerOrderingRoutes } from './ordering.ts'
import { registerOrderRoutes } from './orders.ts'
import { registerProgramRoutes } from './programs.ts'

/**
 * The food module's routes, all in the `food` group (spec section 7):
 *
 *   owner side   GET, POST /food/programs; GET, PATCH /food/programs/{uuid}; POST /food/programs/images;
 *                GET, POST /food/categories; PATCH, DELETE /food/categories/{id};
 *                GET, POST /food/products; PATCH, DELETE /food/products/{id}; POST /food/products/images;
 *                POST /food/products/order; POST /food/terms-and-conditions, /food/privacy;
 *                GET /food/theme; GET, POST /food/branding;
 *                GET, POST /food/announcements; PUT, DELETE /food/announcements/{id}
 *   guests       GET /food/restaurants, /food/restaurants/{uuid}, /food/restaurants/{uuid}/json-ld,
 *                /food/products/{uuid}; GET /food/brand, /food/sitemap.xml, /food/robots.txt;
 *                GET /food/images/{file}, /food/documents/{file}
 *   ordering     GET, POST /food/session; GET, PATCH /food/session/{uuid};
 *                GET, PUT, POST /food/basket/{sessionUuid}; GET /food/basket/{sessionUuid}/slots;
 *                POST /food/basket/{sessionUuid}/checkout; POST /food/orders/{uuid}/payment;
 *                GET /food/orders/payment/{sessionId}; GET /food/orders/{uuid};
 *                GET /food/orders/{uuid}/events (SSE)
 *   order books  GET /food/programs/{uuid}/orders, …/orders/events (SSE), …/orders/{orderUuid};
 *                PATCH …/orders/{orderUuid}/status; GET …/daily-totals, …/orders.csv; PATCH …/pause
 */
export function registerFoodRoutes(app: ApiApp) {
  registerProgramRoutes(app)
  registerMenuRoutes(app)
  registerBrandAndFileRoutes(app)
  registerGuestRoutes(app)
  registerOrderingRoutes(app)
  registerGuestOrderEvents(app)
  registerOrderRoutes(app)
}
