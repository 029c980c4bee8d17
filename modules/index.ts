import { cardsModule } from './cards/index.ts'
import { creditModule } from './credit/index.ts'
import { feedModule } from './feed/index.ts'
import { foodModule } from './food/index.ts'
import { foodCourtModule } from './food-court/index.ts'
import { identityModule } from './identity/index.ts'
import { ledgerModule } from './ledger/index.ts'
import { paymentsModule } from './payments/index.ts'
import type { ModuleDefinition } from './platform/module.ts'
import { programsModule } from './programs/index.ts'
import { referenceModule } from './reference/index.ts'
import { supportModule } from './support/index.ts'
import { terminalModule } from './terminal/index.ts'
import { webhooksModule } from './webhooks/index.ts'

/** Every module of the platform, in the order their routes are mounted. */
export const modules: readonly ModuleDefinition[] = [
  identityModule,
  referenceModule,
  supportModule,
  ledgerModule,
  paymentsModule,
  webhooksModule,
  programsModule,
  cardsModule,
  creditModule,
  terminalModule,
  foodModule,
  foodCourtModule,
  feedModule,
]
