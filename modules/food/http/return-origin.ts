import type { Context } from 'hono'
import type { AppEnv } from '../../platform/module.ts'
import { hostOf } from './guest.ts'

/**
 * Where a guest comes back to after paying (issue 15): the origin they ordered on, so a guest of
 * a restaurant's own domain (dehoek.localhost) returns there and not to the platform's host, where
 * their session and the brand are not. Only a host that is the restaurant's brand domain or one of
 * the card holder portal's own names, on the platform's port and scheme, is taken; anything else
 * (another restaurant's domain, a forged Host header) returns to PUBLIC_URL: no open redirect.
 */
export async function returnOriginOf(c: Context<AppEnv>, programId: string): Promise<string> {
  const { db } = c.get('services')
  return returnOriginFor(c, async (name) => {
    const brand = await db
      .selectFrom('food_brandings')
      .select('domain_name')
      .where('program_id', '=', programId)
      .where('domain_name', '=', name)
      .executeTakeFirst()
    return brand !== undefined
  })
}

/**
 * The same for any guest page on a domain of its own (a food court's): `ownDomain` says whether a
 * host name is the domain of what the guest ordered from.
 */
export async function returnOriginFor(
  c: Context<AppEnv>,
  ownDomain: (name: string) => Promise<boolean>,
): Promise<string> {
  const { config } = c.get('services')
  const platform = new URL(config.PUBLIC_URL)
  const match = /^([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d{1,5}))?$/.exec(hostOf(c))
  if (!match) return config.PUBLIC_URL
  const [, name = '', port = ''] = match
  if (port !== platform.port) return config.PUBLIC_URL
  const allowed =
    name === platform.hostname || config.CARDHOLDER_HOST.includes(name) || (await ownDomain(name))
  return allowed ? `${platform.protocol}//${name}${port ? `:${port}` : ''}` : config.PUBLIC_URL
}
