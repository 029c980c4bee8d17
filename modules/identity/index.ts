/**
 * Identity: the users of the four portals, sign-in with rotating refresh tokens, profiles,
 * sessions and login history, and the admin's user list. Other modules use `requireUser(c, ...types)`
 * in their handlers to know who calls and to refuse other portals' tokens.
 */
import { defineModule } from '../platform/module.ts'
import { authenticate } from './auth.ts'
import { identityErrors } from './errors.ts'
import { registerAvatarRoutes } from './http/avatar.ts'
import { registerGetLoginHistory } from './http/get-login-history.ts'
import { registerGetProfile } from './http/get-profile.ts'
import { registerPostLogin } from './http/post-login.ts'
import { registerPostLogout } from './http/post-logout.ts'
import { registerPostRefresh } from './http/post-refresh.ts'
import { registerPostValidate } from './http/post-validate.ts'
import { registerPutProfile } from './http/put-profile.ts'
import { registerSessionRoutes } from './http/sessions.ts'
import { registerUserRoutes } from './http/users.ts'
import { acceptorRegistered } from './ports.ts'
import { registerRegistrationRoutes, registrationHandlers } from './registration/routes.ts'

export { bearerSecurity, clientIp, requireUser, type SignedInUser, signedIn } from './auth.ts'
export { type CreateUserInput, createUser } from './commands/create-user.ts'
export { type InviteCardholderInput, inviteCardholder } from './commands/invite-cardholder.ts'
export { passwordSchema } from './passwords.ts'
export { type AcceptorRegistered, acceptorRegistered } from './ports.ts'
export { maskUsername } from './profile-fields.ts'
export {
  awaitsFirstPassword,
  type CardholderChoice,
  searchCardholders,
  type UserContact,
  userContactByEmail,
  userContactById,
  userContactsByIds,
} from './queries/contacts.ts'
export { companyName, displayNames } from './queries/display-names.ts'
export { type PublicUser, publicUsers } from './queries/public-users.ts'
export { portalUrl } from './registration/portal-urls.ts'
export { portalOfType, typeOfPortal, userTypes } from './user-types.ts'

export const identityModule = defineModule({
  name: 'identity',
  errors: identityErrors,
  offers: [acceptorRegistered],
  middleware: [authenticate],
  routes: (app) => {
    registerPostLogin(app)
    registerPostRefresh(app)
    registerPostValidate(app)
    registerPostLogout(app)
    registerGetProfile(app)
    registerPutProfile(app)
    registerAvatarRoutes(app)
    registerGetLoginHistory(app)
    registerSessionRoutes(app)
    registerUserRoutes(app)
    registerRegistrationRoutes(app)
  },
  handlers: [...registrationHandlers],
})
