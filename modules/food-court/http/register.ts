import type { ApiApp } from '../../platform/module.ts'
import * as r from './routes.ts'

/**
 * The food-court module's routes, in the `food` group (spec section 7: `invite`, `invite/count`,
 * `ccv-onboarding`), see docs/food-court.md.
 */
export function registerFoodCourtRoutes(app: ApiApp) {
  for (const route of Object.values(r)) {
    // biome-ignore lint/suspicious/noExplicitAny: contract stubs, replaced route by route
    app.openapi(route as any, (c: any) =>
      c.json(
        {
          error: { code: 'not_implemented', message: 'not implemented yet', request_id: c.get('requestId') },
        },
        501,
      ),
    )
  }
}
