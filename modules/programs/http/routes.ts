import type { ApiApp } from '../../platform/module.ts'
import { registerImageRoutes } from './commons-images.ts'
import { registerDeleteProgram } from './delete-program.ts'
import { registerDeleteProgramAcceptor } from './delete-program-acceptor.ts'
import { registerGetAcceptorPrograms } from './get-acceptor-programs.ts'
import { registerGetCashpoints } from './get-cashpoints.ts'
import { registerCommonsRoutes } from './get-commons.ts'
import { registerGetInvitation } from './get-invitation.ts'
import { registerGetProgram } from './get-program.ts'
import { registerGetProgramAcceptor } from './get-program-acceptor.ts'
import { registerGetProgramAcceptors } from './get-program-acceptors.ts'
import { registerGetProgramMethods } from './get-program-methods.ts'
import { registerGetPrograms } from './get-programs.ts'
import { registerPatchCashpoint } from './patch-cashpoint.ts'
import { registerPatchProgram } from './patch-program.ts'
import { registerPatchProgramAcceptor } from './patch-program-acceptor.ts'
import { registerPostCashpoint } from './post-cashpoint.ts'
import { registerPostInvitationAnswers } from './post-invitation-answer.ts'
import { registerPostInvitationResend } from './post-invitation-resend.ts'
import { registerPostProgram } from './post-program.ts'
import { registerPostProgramAcceptor } from './post-program-acceptor.ts'
import { registerPostProgramMethods } from './post-program-methods.ts'

/**
 * The programs module's routes, all in the `manager` group:
 *
 *   programs            GET, POST /manager/programs; GET, PATCH, DELETE /manager/programs/{uuid}
 *   payment methods     GET, POST /manager/program-methods
 *   acceptors           GET, POST /manager/program-acceptors; GET, PATCH, DELETE .../{uuid};
 *                       POST .../{uuid}/resend (owner); POST .../{uuid}/accept|decline (acceptor)
 *   invitation link     GET /manager/invitations/{uuid}?invite_token= (public: the link's secret)
 *   acceptor portal     GET /manager/acceptor-programs; GET, POST /manager/cashpoints; PATCH .../{uuid}
 *   commons             GET /manager/commons/{status-types,statuses,program-types,currencies,
 *                       value-types,reminder-sender-types,reminder-templates}; POST .../images;
 *                       GET .../images/{file} (public)
 */
export function registerProgramsRoutes(app: ApiApp) {
  registerGetPrograms(app)
  registerPostProgram(app)
  registerGetProgram(app)
  registerPatchProgram(app)
  registerDeleteProgram(app)
  registerGetProgramMethods(app)
  registerPostProgramMethods(app)
  registerGetProgramAcceptors(app)
  registerPostProgramAcceptor(app)
  registerGetProgramAcceptor(app)
  registerPatchProgramAcceptor(app)
  registerDeleteProgramAcceptor(app)
  registerPostInvitationResend(app)
  registerPostInvitationAnswers(app)
  registerGetInvitation(app)
  registerGetAcceptorPrograms(app)
  registerGetCashpoints(app)
  registerPostCashpoint(app)
  registerPatchCashpoint(app)
  registerCommonsRoutes(app)
  registerImageRoutes(app)
}
