import type { ApiApp } from '../../platform/module.ts'
import { registerGetCities } from './get-cities.ts'
import { registerGetContinents } from './get-continents.ts'
import { registerGetCountries } from './get-countries.ts'
import { registerGetCountry } from './get-country.ts'
import { registerGetCurrencies } from './get-currencies.ts'
import { registerGetIpLocation } from './get-ip.ts'
import { registerGetRootSettings } from './get-root-settings.ts'
import { registerGetStates } from './get-states.ts'

/** The `geo` and `settings` groups: public reference data, no token needed. */
export function registerReferenceRoutes(app: ApiApp) {
  registerGetIpLocation(app)
  registerGetContinents(app)
  registerGetCountries(app)
  registerGetCountry(app)
  registerGetStates(app)
  registerGetCities(app)
  registerGetRootSettings(app)
  registerGetCurrencies(app)
}
