import { errorResponses } from '../../../platform/http.ts'
import { tokenResponseSchema } from '../../http/token-response.ts'

/** The answer of every completed registration: signed in, as `auth/login` answers. */
export const registeredResponses = {
  201: {
    description: 'Registered and signed in',
    content: { 'application/json': { schema: tokenResponseSchema } },
  },
  ...errorResponses(400, 409),
}
