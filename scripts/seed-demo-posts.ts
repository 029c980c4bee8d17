import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { demoPassword, demoUsers } from './seed-demo.ts'

/**
 * Demo posts for development, made through the public API as the portals make them, after the
 * demo programs (seed-demo-programs.ts):
 *
 * - the demo owner's public post on "Koffiebar De Hoek" with a picture (drawn here with sharp:
 *   nothing is downloaded) and the tags #appeltaart and #koffie, liked and commented on by the
 *   demo card holder and answered by the demo acceptor;
 * - a post for the card holders of "Cadeaubon De Hoek" only (the demo card holder holds two of its
 *   vouchers, so they see it; a new card holder does not);
 * - a plain public post about opening hours.
 *
 * Idempotent: nothing is made when the demo owner has written a post already. The launcher runs it
 * after the demo programs (development only); by hand: `node scripts/seed-demo-posts.ts [api]`.
 */

type Who = 'programs' | 'acceptor' | 'cardholder'

export async function seedDemoPosts(apiOrigin: string): Promise<string[]> {
  const tokens = new Map<Who, string>()
  const tokenOf = async (who: Who): Promise<string> => {
    const known = tokens.get(who)
    if (known) return known
    const user = demoUsers.find((u) => u.portal === who)
    if (!user) throw new Error(`no demo user for ${who}`)
    const { auth_token } = await call<{ auth_token: string }>(null, 'POST', '/auth/login', {
      email: user.email,
      password: demoPassword,
      portal: who,
      remember: false,
    })
    tokens.set(who, auth_token)
    return auth_token
  }
  async function call<T>(
    who: Who | null,
    method: string,
    path: string,
    body?: unknown | FormData,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (who) headers.authorization = `Bearer ${await tokenOf(who)}`
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['content-type'] = 'application/json'
    if (method === 'POST') headers['idempotency-key'] = randomUUID()
    const res = await fetch(`${apiOrigin}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : undefined) as T
  }

  const me = await call<{ uuid: string }>('programs', 'GET', '/user/profile')
  const mine = await call<{ data: unknown[] }>('programs', 'GET', `/feed/posts?user=${me.uuid}&size=1`)
  if (mine.data.length > 0) return []
  const programs = await call<{ results: { uuid: string; title: string }[] }>(
    'programs',
    'GET',
    '/manager/programs?filter=all&size=100',
  )
  const cafe = programs.results.find((p) => p.title === 'Koffiebar De Hoek')?.uuid
  const vouchers = programs.results.find((p) => p.title === 'Cadeaubon De Hoek')?.uuid
  if (!cafe || !vouchers) throw new Error('the demo programs are missing: run seed-demo-programs first')

  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(await applePie())], { type: 'image/png' }), 'appeltaart.png')
  const image = await call<{ uuid: string }>('programs', 'POST', '/feed/upload', form)

  const made: string[] = []
  const pie = await call<{ uuid: string }>('programs', 'POST', '/feed/posts', {
    title: 'Appeltaart-dinsdag bij De Hoek',
    text: 'Elke dinsdag vers uit de oven, met slagroom.\n\nTot dinsdag! #appeltaart #koffie',
    program_uuid: cafe,
    audience: 'everyone',
    images: [image.uuid],
  })
  await call('cardholder', 'POST', `/feed/posts/${pie.uuid}/like`, { liked: true })
  await call('cardholder', 'POST', `/feed/posts/${pie.uuid}/comments`, { text: 'Heerlijk! Ik kom zeker.' })
  await call('acceptor', 'POST', `/feed/posts/${pie.uuid}/comments`, {
    text: 'We bakken er deze week een paar extra. #appeltaart',
  })
  made.push(
    'post "Appeltaart-dinsdag bij De Hoek" with a picture, tags #appeltaart #koffie, a like and 2 comments',
  )

  await call('programs', 'POST', '/feed/posts', {
    title: 'Voor kaarthouders: twee koffie voor de prijs van één',
    text: 'Laat je Cadeaubon zien aan de kassa. Geldig tot het einde van de maand. #actie',
    program_uuid: vouchers,
    audience: 'cardholders',
  })
  made.push('post for the card holders of "Cadeaubon De Hoek" (the demo card holder sees it)')

  await call('programs', 'POST', '/feed/posts', {
    title: 'Nieuwe openingstijden',
    text: 'Vanaf maandag zijn we open van 8:00 tot 18:00.\nOp zondag gesloten.',
    program_uuid: cafe,
    audience: 'everyone',
  })
  made.push('post "Nieuwe openingstijden"')
  return made
}

/** A picture of an apple pie on a plate, drawn as SVG and rendered to PNG by sharp. */
function applePie(): Promise<Buffer> {
  const lattice = Array.from({ length: 7 }, (_, i) => {
    const x = 330 + i * 90
    return `<rect x="${x}" y="250" width="26" height="300" rx="12" fill="#e9b46c" transform="rotate(-35 600 400)"/>
      <rect x="${x}" y="250" width="26" height="300" rx="12" fill="#f0c27f" transform="rotate(35 600 400)"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#4d7cfe"/>
    <rect y="520" width="1200" height="280" fill="#8a5a3b"/>
    <ellipse cx="600" cy="470" rx="420" ry="190" fill="#f5f5f0"/>
    <ellipse cx="600" cy="440" rx="330" ry="140" fill="#c9843f"/>
    <clipPath id="pie"><ellipse cx="600" cy="430" rx="310" ry="125"/></clipPath>
    <ellipse cx="600" cy="430" rx="310" ry="125" fill="#b5651d"/>
    <g clip-path="url(#pie)">${lattice}</g>
    <circle cx="1010" cy="170" r="70" fill="#ffffff" opacity="0.9"/>
    <circle cx="1010" cy="170" r="40" fill="#6f4e37"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

if (import.meta.main) {
  const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
  const made = await seedDemoPosts(origin)
  console.log(made.length ? made.join('\n') : 'the demo owner has posts already')
}
