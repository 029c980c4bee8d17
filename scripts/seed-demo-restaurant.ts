import { randomUUID } from 'node:crypto'
import path from 'node:path'
import sharp from 'sharp'
import { demoPassword, demoUsers } from './seed-demo.ts'

/**
 * The demo restaurant, so `/food` shows something right after `npm start` (issue 14): the demo
 * owner's active food program "Eetcafé De Hoek" on the Prinsengracht, with a Dutch menu of eight
 * categories and 38 dishes and drinks (pictures made here with sharp: a coloured tile with the
 * dish's initial; nothing is downloaded), variants and extras, working hours with a late Friday and
 * Saturday and two holiday exceptions, delivery by distance (three ranges) and pickup, an
 * announcement, its brand on http://dehoek.localhost:3000, and the demo acceptor as its staff.
 *
 * Made through the public API as the owner portal makes it, so every rule applies. Idempotent:
 * nothing is made when the demo owner already has a food program.
 *
 *   node scripts/seed-demo-restaurant.ts [api origin]
 */

interface Dish {
  title: string
  description: string
  price: number
  quantity: number
  unit: 'gram' | 'kilogram' | 'liter' | 'milliliter' | 'piece'
  keywords?: string[]
  variants?: { title: string; quantity: number; unit: Dish['unit']; price: number }[]
  extras?: { title: string; quantity: number; unit: Dish['unit']; price: number }[]
  nutrition_facts?: string
  notes?: string
}

const pizzaSizes = [
  { title: 'Medium (30 cm)', quantity: 1, unit: 'piece' as const, price: 0 },
  { title: 'Large (35 cm)', quantity: 1, unit: 'piece' as const, price: 300 },
]
const pizzaExtras = [
  { title: 'Extra kaas', quantity: 50, unit: 'gram' as const, price: 150 },
  { title: 'Champignons', quantity: 40, unit: 'gram' as const, price: 100 },
  { title: 'Jalapeños', quantity: 20, unit: 'gram' as const, price: 75 },
]
const bread = [
  { title: 'Wit', quantity: 1, unit: 'piece' as const, price: 0 },
  { title: 'Bruin', quantity: 1, unit: 'piece' as const, price: 0 },
]
const sauces = [
  { title: 'Mayonaise', quantity: 30, unit: 'milliliter' as const, price: 50 },
  { title: 'Satésaus', quantity: 50, unit: 'milliliter' as const, price: 95 },
  { title: 'Oorlog', quantity: 60, unit: 'milliliter' as const, price: 110 },
]
const milk = [
  { title: 'Havermelk', quantity: 30, unit: 'milliliter' as const, price: 40 },
  { title: 'Extra shot espresso', quantity: 1, unit: 'piece' as const, price: 70 },
]

/** The menu: category, its tile colour, its dishes (prices in cents; a variant's price is what it adds). */
export const demoMenu: { title: string; color: string; dishes: Dish[] }[] = [
  {
    title: 'Broodjes',
    color: '#d68c45',
    dishes: [
      {
        title: 'Broodje kroket',
        description: 'Twee Amsterdamse rundvleeskroketten met grove mosterd.',
        price: 650,
        quantity: 1,
        unit: 'piece',
        variants: bread,
      },
      {
        title: 'Uitsmijter ham-kaas',
        description: 'Drie eieren met beenham en belegen kaas op boerenbrood.',
        price: 975,
        quantity: 1,
        unit: 'piece',
        variants: bread,
      },
      {
        title: 'Tosti ham-kaas',
        description: 'Krokant gegrild, met tomatenketchup.',
        price: 525,
        quantity: 1,
        unit: 'piece',
        extras: [{ title: 'Ananas', quantity: 1, unit: 'piece', price: 50 }],
      },
      {
        title: 'Broodje gezond',
        description: 'Jonge kaas, ham, ei, komkommer, tomaat en sla.',
        price: 795,
        quantity: 1,
        unit: 'piece',
        variants: bread,
        keywords: ['vers'],
      },
      {
        title: 'Clubsandwich kip',
        description: 'Drie lagen met gegrilde kip, bacon, ei en kerriemayonaise.',
        price: 1150,
        quantity: 1,
        unit: 'piece',
      },
      {
        title: 'Broodje warm vlees',
        description: 'Draadjesvlees in jus op een zacht bolletje met zilveruitjes.',
        price: 875,
        quantity: 1,
        unit: 'piece',
      },
    ],
  },
  {
    title: 'Soepen',
    color: '#b5651d',
    dishes: [
      {
        title: 'Erwtensoep',
        description: 'Snert met rookworst, roggebrood en katenspek.',
        price: 750,
        quantity: 400,
        unit: 'milliliter',
        keywords: ['winter'],
      },
      {
        title: 'Tomatensoep met balletjes',
        description: 'Huisgemaakt, met gehaktballetjes en verse basilicum.',
        price: 625,
        quantity: 350,
        unit: 'milliliter',
      },
      {
        title: 'Groningse mosterdsoep',
        description: 'Romige mosterdsoep met spekjes en prei.',
        price: 675,
        quantity: 350,
        unit: 'milliliter',
      },
    ],
  },
  {
    title: 'Salades',
    color: '#6a994e',
    dishes: [
      {
        title: 'Salade geitenkaas',
        description: 'Warme geitenkaas met honing, walnoten en rode biet.',
        price: 1350,
        quantity: 1,
        unit: 'piece',
        keywords: ['vegetarisch'],
      },
      {
        title: 'Caesarsalade met kip',
        description: 'Romaine, Parmezaanse kaas, croutons en ansjovisdressing.',
        price: 1395,
        quantity: 1,
        unit: 'piece',
      },
      {
        title: 'Salade niçoise',
        description: 'Tonijn, sperziebonen, olijven, ei en krieltjes.',
        price: 1450,
        quantity: 1,
        unit: 'piece',
      },
    ],
  },
  {
    title: 'Hoofdgerechten',
    color: '#9c3d2e',
    dishes: [
      {
        title: 'Boerenkoolstamppot',
        description: 'Met rookworst, spekjes en jus.',
        price: 1550,
        quantity: 1,
        unit: 'piece',
        keywords: ['winter', 'hollands'],
      },
      {
        title: 'Hutspot met klapstuk',
        description: 'Wortel, ui en aardappel met langzaam gegaard rundvlees.',
        price: 1750,
        quantity: 1,
        unit: 'piece',
        keywords: ['hollands'],
      },
      {
        title: 'Saté van kippendij',
        description: 'Met pindasaus, friet, kroepoek en atjar.',
        price: 1795,
        quantity: 1,
        unit: 'piece',
        extras: [{ title: 'Extra pindasaus', quantity: 60, unit: 'milliliter', price: 95 }],
      },
      {
        title: 'Biefstuk',
        description: 'Met friet, salade en pepersaus of kruidenboter.',
        price: 2250,
        quantity: 200,
        unit: 'gram',
        variants: [
          { title: 'Pepersaus', quantity: 1, unit: 'piece', price: 0 },
          { title: 'Kruidenboter', quantity: 1, unit: 'piece', price: 0 },
        ],
      },
      {
        title: 'Kibbeling',
        description: 'Gebakken stukjes kabeljauw met remoulade en citroen.',
        price: 1450,
        quantity: 250,
        unit: 'gram',
        keywords: ['vis'],
      },
      {
        title: 'Gebakken zalm',
        description: 'Met zuurkoolstamppot en beurre blanc.',
        price: 2150,
        quantity: 1,
        unit: 'piece',
        keywords: ['vis'],
      },
      {
        title: 'Vegaburger',
        description: 'Bietenburger met avocado, rode ui en friet.',
        price: 1650,
        quantity: 1,
        unit: 'piece',
        keywords: ['vegetarisch', 'vegan'],
      },
      {
        title: 'Slavink',
        description: 'Met aardappelpuree, rode kool en jus.',
        price: 1525,
        quantity: 1,
        unit: 'piece',
        keywords: ['hollands'],
      },
    ],
  },
  {
    title: "Pizza's",
    color: '#c0392b',
    dishes: [
      {
        title: 'Pizza margherita',
        description: 'Tomaat, mozzarella en basilicum.',
        price: 1150,
        quantity: 1,
        unit: 'piece',
        variants: pizzaSizes,
        extras: pizzaExtras,
        keywords: ['vegetarisch'],
      },
      {
        title: 'Pizza salami',
        description: 'Tomaat, mozzarella en pittige salami.',
        price: 1350,
        quantity: 1,
        unit: 'piece',
        variants: pizzaSizes,
        extras: pizzaExtras,
      },
      {
        title: 'Pizza quattro formaggi',
        description: 'Mozzarella, gorgonzola, Goudse kaas en Parmezaan.',
        price: 1450,
        quantity: 1,
        unit: 'piece',
        variants: pizzaSizes,
        extras: pizzaExtras,
        keywords: ['vegetarisch'],
      },
      {
        title: 'Pizza vegetariana',
        description: 'Paprika, courgette, rode ui, champignons en olijven.',
        price: 1395,
        quantity: 1,
        unit: 'piece',
        variants: pizzaSizes,
        extras: pizzaExtras,
        keywords: ['vegetarisch'],
      },
    ],
  },
  {
    title: 'Snacks',
    color: '#e0a526',
    dishes: [
      {
        title: 'Bitterballen',
        description: 'Rundvleesbitterballen met mosterd.',
        price: 750,
        quantity: 8,
        unit: 'piece',
        variants: [
          { title: '8 stuks', quantity: 8, unit: 'piece', price: 0 },
          { title: '12 stuks', quantity: 12, unit: 'piece', price: 350 },
        ],
      },
      {
        title: 'Friet',
        description: 'Verse friet van Hollandse aardappelen.',
        price: 425,
        quantity: 200,
        unit: 'gram',
        variants: [
          { title: 'Klein', quantity: 150, unit: 'gram', price: 0 },
          { title: 'Groot', quantity: 250, unit: 'gram', price: 125 },
        ],
        extras: sauces,
        keywords: ['vegetarisch'],
      },
      {
        title: 'Kaassoufflé',
        description: 'Krokant, met gesmolten Goudse kaas.',
        price: 350,
        quantity: 1,
        unit: 'piece',
        keywords: ['vegetarisch'],
      },
      { title: 'Loempia', description: 'Met zoetzure saus.', price: 550, quantity: 1, unit: 'piece' },
    ],
  },
  {
    title: 'Desserts',
    color: '#8e5ea2',
    dishes: [
      {
        title: 'Appeltaart',
        description: 'Huisgemaakt, met kaneel en een toef slagroom.',
        price: 495,
        quantity: 1,
        unit: 'piece',
        extras: [{ title: 'Bolletje vanille-ijs', quantity: 1, unit: 'piece', price: 175 }],
      },
      {
        title: 'Poffertjes',
        description: 'Met roomboter en poedersuiker.',
        price: 650,
        quantity: 12,
        unit: 'piece',
      },
      {
        title: 'Dame blanche',
        description: 'Vanille-ijs met warme chocoladesaus en slagroom.',
        price: 725,
        quantity: 1,
        unit: 'piece',
      },
      {
        title: 'Vlaflip',
        description: 'Vanillevla, yoghurt en limonadesiroop.',
        price: 595,
        quantity: 250,
        unit: 'milliliter',
      },
    ],
  },
  {
    title: 'Dranken',
    color: '#2e86ab',
    dishes: [
      {
        title: 'Koffie',
        description: 'Versgemalen bonen van een Amsterdamse branderij.',
        price: 290,
        quantity: 150,
        unit: 'milliliter',
        extras: milk,
      },
      {
        title: 'Cappuccino',
        description: 'Met opgeschuimde melk.',
        price: 340,
        quantity: 200,
        unit: 'milliliter',
        extras: milk,
      },
      {
        title: 'Verse muntthee',
        description: 'Met honing en een schijfje citroen.',
        price: 350,
        quantity: 300,
        unit: 'milliliter',
      },
      {
        title: "Verse jus d'orange",
        description: 'Vers geperst.',
        price: 425,
        quantity: 250,
        unit: 'milliliter',
        variants: [
          { title: 'Glas', quantity: 250, unit: 'milliliter', price: 0 },
          { title: 'Karaf', quantity: 1, unit: 'liter', price: 950 },
        ],
      },
      {
        title: 'Chocomel',
        description: 'Koud of warm, met slagroom.',
        price: 325,
        quantity: 250,
        unit: 'milliliter',
        variants: [
          { title: 'Koud', quantity: 250, unit: 'milliliter', price: 0 },
          { title: 'Warm', quantity: 250, unit: 'milliliter', price: 50 },
        ],
      },
      {
        title: 'Spa rood',
        description: 'Bruisend mineraalwater.',
        price: 310,
        quantity: 250,
        unit: 'milliliter',
      },
    ],
  },
]

const fontFile = path.join(
  path.dirname(new URL(import.meta.resolve('dejavu-fonts-ttf/package.json')).pathname),
  'ttf',
  'DejaVuSans-Bold.ttf',
)

/** A tile for a dish: its category's colour, lighter to one corner, with the dish's initial in a circle. */
export async function dishPicture(title: string, color: string, size = 720): Promise<Buffer> {
  const initial = (title.match(/\p{L}/u)?.[0] ?? '?').toUpperCase()
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <defs><radialGradient id="g" cx="30%" cy="25%" r="90%">
        <stop offset="0%" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="100%" stop-color="#ffffff" stop-opacity="0"/>
      </radialGradient></defs>
      <rect width="100%" height="100%" fill="${color}"/><rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="50%" cy="50%" r="${size * 0.28}" fill="#ffffff" fill-opacity="0.92"/>
    </svg>`,
  )
  const letter = await sharp({
    text: {
      text: `<span foreground="${color}">${initial}</span>`,
      fontfile: fontFile,
      font: `DejaVu Sans Bold ${Math.round(size * 0.3)}`,
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer()
  return sharp(background)
    .composite([{ input: letter, gravity: 'centre' }])
    .jpeg({ quality: 85 })
    .toBuffer()
}

type Call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>

export async function seedDemoRestaurant(apiOrigin: string): Promise<string[]> {
  const tokens = new Map<string, string>()
  const login = async (portal: 'programs' | 'acceptor') => {
    const known = tokens.get(portal)
    if (known) return known
    const user = demoUsers.find((u) => u.portal === portal)
    const res = await fetch(`${apiOrigin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user?.email, password: demoPassword, portal, remember: false }),
    })
    if (!res.ok) throw new Error(`sign-in as ${portal} answered ${res.status}`)
    const { auth_token } = (await res.json()) as { auth_token: string }
    tokens.set(portal, auth_token)
    return auth_token
  }
  const as =
    (portal: 'programs' | 'acceptor'): Call =>
    async (method, path, body) => {
      const form = body instanceof FormData
      const res = await fetch(`${apiOrigin}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await login(portal)}`,
          accept: 'application/json',
          ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
          ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
        },
        ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
      return (text ? JSON.parse(text) : {}) as never
    }
  const owner = as('programs')
  const image = async (kind: 'programs' | 'products', title: string, color: string) => {
    const form = new FormData()
    form.append(
      'image',
      new Blob([new Uint8Array(await dishPicture(title, color))], { type: 'image/jpeg' }),
      'dish.jpg',
    )
    return (await owner<{ result: { uuid: string } }>('POST', `/food/${kind}/images`, form)).result.uuid
  }

  const mine = await owner<{ count: number }>('GET', '/food/programs')
  if (mine.count > 0) return []

  const hours = (from: string, to: string) => ({ start_time: from, end_time: to })
  const nextYear =
    new Date().getFullYear() + (new Date().getMonth() === 11 && new Date().getDate() > 25 ? 1 : 0)
  const program = (
    await owner<{ result: { uuid: string } }>('POST', '/food/programs', {
      title: 'Eetcafé De Hoek',
      description: 'Hollandse klassiekers, broodjes en pizza uit de steenoven, aan de Prinsengracht.',
      image: await image('programs', 'De Hoek', '#2f6f4f'),
      address: 'Prinsengracht 123, 1015 DV Amsterdam',
      phone: '+31 20 555 0123',
      min_order_amount: 1500,
      latitude: 52.3755,
      longitude: 4.8842,
      time_zone: 'Europe/Amsterdam',
      can_pickup_in_rest: true,
      pickup_fee_heading: 'Verpakking',
      pickup_fee: '0,50',
      delivering_sms_text: 'Je bestelling van Eetcafé De Hoek is onderweg!',
      type_of_delivery: 2,
      delivery_ranges: [
        { range_start: 0, range_end: 3, cost: '2,50' },
        { range_start: 3, range_end: 6, cost: '3,95' },
        { range_start: 6, range_end: 10, cost: '5,50' },
      ],
      working_hours: [
        { day_of_week: 1, ...hours('11:00', '22:00') },
        { day_of_week: 2, ...hours('11:00', '22:00') },
        { day_of_week: 3, ...hours('11:00', '22:00') },
        { day_of_week: 4, ...hours('11:00', '22:00') },
        { day_of_week: 5, ...hours('11:00', '01:00') },
        { day_of_week: 6, ...hours('12:00', '01:00') },
        { day_of_week: 7, ...hours('12:00', '21:00') },
      ],
      working_hours_exceptions: [
        { date: `${nextYear}-12-25`, closed: true },
        { date: `${nextYear}-12-31`, closed: false, ...hours('11:00', '17:00') },
      ],
    })
  ).result.uuid

  let products = 0
  for (const category of demoMenu) {
    const categoryUuid = (
      await owner<{ result: { uuid: string } }>('POST', '/food/categories', {
        program_uuid: program,
        title: category.title,
      })
    ).result.uuid
    for (const dish of category.dishes) {
      await owner('POST', '/food/products', {
        category_uuid: categoryUuid,
        ...dish,
        image: await image('products', dish.title, category.color),
      })
      products++
    }
  }
  await owner('POST', '/food/announcements', {
    program_uuid: program,
    announcement: 'Op eerste kerstdag zijn wij gesloten. Fijne feestdagen!',
  })
  const brand = new FormData()
  brand.append('program_uuid', program)
  brand.append('domain_name', 'dehoek.localhost')
  brand.append('theme', '#2f6f4f')
  brand.append('seo_title', 'Eetcafé De Hoek — bestel online')
  brand.append(
    'seo_description',
    'Hollandse klassiekers en pizza uit de steenoven, bezorgd in Amsterdam-Centrum.',
  )
  brand.append('seo_keywords', 'eetcafé, Amsterdam, bezorgen, afhalen, stamppot, pizza')
  brand.append('seo_language', 'nl')
  const logo = await sharp(await dishPicture('De Hoek', '#2f6f4f', 512))
    .png()
    .toBuffer()
  brand.append('app_logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png')
  brand.append('favicon_logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'icon.png')
  await owner('POST', '/food/branding', brand)
  for (const status of [11004, 11001]) await owner('PATCH', `/manager/programs/${program}`, { status })

  // The demo acceptor works at the restaurant (may edit its menu).
  const acceptor = demoUsers.find((u) => u.portal === 'acceptor')
  await owner('POST', '/manager/program-acceptors', { program, email: acceptor?.email })
  const invitations = await as('acceptor')<{ results: { uuid: string }[] }>(
    'GET',
    `/manager/program-acceptors?program=${program}&status=21002`,
  )
  const invitation = invitations.results[0]
  if (invitation) await as('acceptor')('POST', `/manager/program-acceptors/${invitation.uuid}/accept`, {})

  return [
    `food program "Eetcafé De Hoek" with ${products} dishes in ${demoMenu.length} categories, brand on dehoek.localhost, the demo acceptor as staff`,
  ]
}

if (import.meta.main) {
  const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
  const made = await seedDemoRestaurant(origin)
  console.log(made.length ? made.join('\n') : 'the demo owner already has a food program')
}
