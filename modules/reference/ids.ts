import { v5 } from 'uuid'

/**
 * Reference rows get name-based UUIDs (v5) derived from their code in the source data, so a
 * country, state or city has the same uuid on every machine and after every re-seed: clients and
 * other modules may store them.
 */
const namespace = v5('reference.cardpay', v5.DNS)

export const continentId = (code: string) => v5(`continent:${code}`, namespace)
export const countryId = (iso2: string) => v5(`country:${iso2.toUpperCase()}`, namespace)
/** States by ISO 3166-2 style code (`NL-NH`); the source's own code where ISO has none. */
export const stateId = (countryIso2: string, code: string) =>
  v5(`state:${countryIso2.toUpperCase()}-${code}`, namespace)
/** Cities have no public code: the source database's city id is stable across its releases. */
export const cityId = (sourceId: number) => v5(`city:${sourceId}`, namespace)
