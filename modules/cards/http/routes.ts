import type { ApiApp } from '../../platform/module.ts'
import { registerActiveCardRoutes } from './active.ts'
import { registerBatchRoutes } from './batches.ts'
import { registerCardTypeRoutes } from './card-types.ts'
import { registerDeleteCard } from './delete-card.ts'
import { registerGetCard } from './get-card.ts'
import { registerOrderRoutes } from './order.ts'
import { registerPatchCard } from './patch-card.ts'
import { registerPostCard } from './post-card.ts'
import { registerPublicProgramRoutes } from './public-programs.ts'
import { registerRedemptionRoutes } from './redemptions.ts'

/**
 * The cards module's routes:
 *
 *   card settings  GET /manager/card-types, PATCH …/{id} (admin: price); GET /manager/card-type-prices,
 *                  /manager/card-expiries, /manager/card-values; GET, POST /manager/cards;
 *                  PATCH, DELETE /manager/cards/{uuid}                         (program owner, admin reads)
 *   card orders    GET, POST /payment/order                                    (program owner, admin reads)
 *   batches        GET /card/batches; GET /card/batches/{uuid}/cards.csv       (program owner, admin)
 *   activation     GET, POST /card/active; GET /card/active/{token}            (card holder)
 *   programs       GET /card/programs; GET /card/programs/{uuid}               (card holder: public ones)
 *   redemptions    GET /card/redemptions/preview; POST /card/redemptions;
 *                  POST /card/redemptions/{uuid}/reverse                       (acceptor)
 *                  GET /card/redemptions                          (acceptor, program owner, admin)
 */
export function registerCardsRoutes(app: ApiApp) {
  registerCardTypeRoutes(app)
  registerGetCard(app)
  registerPostCard(app)
  registerPatchCard(app)
  registerDeleteCard(app)
  registerOrderRoutes(app)
  registerBatchRoutes(app)
  registerActiveCardRoutes(app)
  registerPublicProgramRoutes(app)
  registerRedemptionRoutes(app)
}
