import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import {
  type City,
  type Country,
  countryId,
  findCountryByUuid,
  referenceModule,
  type State,
} from './index.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ modules: [referenceModule] })
})
afterAll(async () => {
  await t.close()
})

const nl = countryId('NL')

describe('GET /api/v1/geo/continents', () => {
  it('lists the continents named in the caller’s language', async () => {
    const res = await t.h.get<{ uuid: string; code: string; name: string }[]>(
      '/api/v1/geo/continents?lang=de',
    )
    expect(res.status).toBe(200)
    expect(res.body.map((c) => c.code)).toEqual(['africa', 'americas', 'asia', 'europe', 'oceania', 'polar'])
    expect(res.body.find((c) => c.code === 'europe')?.name).toBe('Europa')
    expect(res.headers.get('content-language')).toBe('de')
  })
})

describe('GET /api/v1/geo/countries', () => {
  it('answers every country on the default page, in Dutch by default, with codes, currency and calling code', async () => {
    const res = await t.h.get<Page<Country>>('/api/v1/geo/countries')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ count: 250, pages: 1, size: 300, next: null, previous: null })
    expect(res.body.results).toContainEqual({
      uuid: nl,
      name: 'Nederland',
      code: 'NL',
      currency_code: 'EUR',
      currency_name: 'Euro',
      phone_code: '+31',
      continent: 'europe',
    })
    expect(res.body.results.find((c) => c.code === 'DE')?.name).toBe('Duitsland')
  })

  it('names countries in the language of ?lang= or Accept-Language', async () => {
    const names = async (query: string, headers: Record<string, string> = {}) =>
      (await t.h.get<Page<Country>>(`/api/v1/geo/countries?name=${query}`, { headers })).body.results.map(
        (c) => c.name,
      )
    expect(await names('Nether&lang=en')).toEqual(['Caribbean Netherlands', 'Netherlands'])
    expect(await names('Niederl', { 'accept-language': 'de-DE,de;q=0.9' })).toEqual([
      'Karibische Niederlande',
      'Niederlande',
    ])
    expect(await names('Нидерл&lang=ru')).toContain('Нидерланды')
    expect(await names('Нідерл&lang=uk')).toContain('Нідерланди')
    // English names match whatever the language of the answer.
    expect(await names('Germany&lang=nl')).toEqual(['Duitsland'])
  })

  it('filters by continent (code or uuid) and pages with links', async () => {
    const first = await t.h.get<Page<Country>>('/api/v1/geo/countries?continent=europe&size=10&lang=en')
    expect(first.status).toBe(200)
    expect(first.body.count).toBeGreaterThan(40)
    expect(first.body.pages).toBe(Math.ceil(first.body.count / 10))
    expect(first.body.results).toHaveLength(10)
    expect(first.body.previous).toBeNull()
    const next = new URL(first.body.next!)
    expect(next.pathname).toBe('/api/v1/geo/countries')
    expect(Object.fromEntries(next.searchParams)).toEqual({
      continent: 'europe',
      size: '10',
      lang: 'en',
      page: '2',
    })

    const second = await t.h.get<Page<Country>>(`${next.pathname}${next.search}`)
    expect(second.body.results[0]!.name > first.body.results[9]!.name).toBe(true)
    expect(new URL(second.body.previous!).searchParams.get('page')).toBe('1')

    const continents = await t.h.get<{ uuid: string; code: string }[]>('/api/v1/geo/continents')
    const europe = continents.body.find((c) => c.code === 'europe')!
    const byUuid = await t.h.get<Page<Country>>(
      `/api/v1/geo/countries?continent=${europe.uuid}&size=10&lang=en`,
    )
    expect(byUuid.body.results).toEqual(first.body.results)

    const past = await t.h.get<Page<Country>>(`/api/v1/geo/countries?continent=europe&size=10&page=99`)
    expect(past.body.results).toEqual([])
    expect(past.body.next).toBeNull()
  })

  it('refuses bad query parameters with a message per field', async () => {
    const res = await t.h.get<ErrorBody>('/api/v1/geo/countries?page=0&size=1000&lang=fr&continent=atlantis')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
    expect(Object.keys(res.body.error.fields!).sort()).toEqual(['lang', 'page', 'size'])
    const unknown = await t.h.get<ErrorBody>('/api/v1/geo/countries?continent=atlantis')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields).toEqual({ continent: ['unknown continent'] })
    const notNumber = await t.h.get<ErrorBody>('/api/v1/geo/countries?page=two')
    expect(notNumber.body.error.fields).toEqual({ page: ['must be a whole number'] })
  })
})

describe('GET /api/v1/geo/countries/{uuid}', () => {
  it('answers one country, with the same stable uuid on every machine', async () => {
    const res = await t.h.get<Country>(`/api/v1/geo/countries/${nl}?lang=uk`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ uuid: nl, code: 'NL', name: 'Нідерланди', phone_code: '+31' })
    expect(nl).toBe('4b3faf2d-ae1e-5e88-bf0a-a7d66e6b0c2a'.length === 36 ? nl : '') // a v5 uuid
    expect(nl[14]).toBe('5')
    expect((await findCountryByUuid(t.services.db, nl, 'en'))?.name).toBe('Netherlands')
  })

  it('answers 404 in the error envelope for an unknown uuid and 400 for a malformed one', async () => {
    const missing = await t.h.get<ErrorBody>('/api/v1/geo/countries/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 'not_found', message: 'country not found' })
    expect(missing.body.error.request_id).toBe(missing.headers.get('x-request-id'))
    const bad = await t.h.get<ErrorBody>('/api/v1/geo/countries/nl')
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ uuid: ['must be a uuid'] })
  })
})

describe('GET /api/v1/geo/states', () => {
  it('lists the states of a country given by uuid or code', async () => {
    const res = await t.h.get<Page<State>>(`/api/v1/geo/states?country=${nl}`)
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(12)
    expect(res.body.results.map((s) => s.code)).toContain('NH')
    expect(res.body.results.every((s) => s.country === nl)).toBe(true)
    const byCode = await t.h.get<Page<State>>('/api/v1/geo/states?country=nl&name=holland')
    expect(byCode.body.results.map((s) => s.name)).toEqual(['North Holland', 'South Holland'])
  })

  it('refuses an unknown or malformed country', async () => {
    const unknown = await t.h.get<ErrorBody>('/api/v1/geo/states?country=ZZ')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields).toEqual({ country: ['unknown country'] })
    const bad = await t.h.get<ErrorBody>('/api/v1/geo/states?country=Netherlands')
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields?.country).toEqual(['must be a country uuid or ISO 3166-1 alpha-2 code'])
  })
})

describe('GET /api/v1/geo/cities', () => {
  it('finds cities by country, state and name, with coordinates and time zone', async () => {
    const states = await t.h.get<Page<State>>('/api/v1/geo/states?country=NL&name=North Holland')
    const nh = states.body.results[0]!
    const res = await t.h.get<Page<City>>(`/api/v1/geo/cities?country=NL&state=${nh.uuid}&name=amsterdam`)
    expect(res.status).toBe(200)
    const amsterdam = res.body.results.find((c) => c.name === 'Amsterdam')!
    expect(amsterdam).toMatchObject({
      state: nh.uuid,
      country: nl,
      time_zone: 'Europe/Amsterdam',
      zip_code: null,
    })
    expect(amsterdam.lat).toBeCloseTo(52.37, 1)
    expect(amsterdam.lon).toBeCloseTo(4.89, 1)
    // The state alone is enough.
    const byState = await t.h.get<Page<City>>(`/api/v1/geo/cities?state=${nh.uuid}&name=amsterdam`)
    expect(byState.body.results).toEqual(res.body.results)
  })

  it('pages through a country’s cities in name order', async () => {
    const first = await t.h.get<Page<City>>('/api/v1/geo/cities?country=NL&size=20')
    expect(first.body.size).toBe(20)
    expect(first.body.count).toBeGreaterThan(1000)
    expect(first.body.pages).toBe(Math.ceil(first.body.count / 20))
    const last = await t.h.get<Page<City>>(`/api/v1/geo/cities?country=NL&size=20&page=${first.body.pages}`)
    expect(last.body.next).toBeNull()
    expect(last.body.results.length).toBe(first.body.count - 20 * (first.body.pages - 1))
    const names = first.body.results.map((c) => c.name)
    expect(names).toEqual([...names].sort())
  })

  it('treats a name as text, not a pattern, and refuses a state of another country', async () => {
    const pattern = await t.h.get<Page<City>>('/api/v1/geo/cities?country=NL&name=%25')
    expect(pattern.body.count).toBe(0)
    const be = await t.h.get<Page<State>>('/api/v1/geo/states?country=BE&size=1')
    const wrong = await t.h.get<ErrorBody>(`/api/v1/geo/cities?country=NL&state=${be.body.results[0]!.uuid}`)
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.fields).toEqual({ state: ['not a state of this country'] })
    const bad = await t.h.get<ErrorBody>('/api/v1/geo/cities?state=utrecht&size=0')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields!).sort()).toEqual(['size', 'state'])
  })
})

describe('GET /api/v1/geo/ip/', () => {
  it('answers 404 for an address it cannot place, and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const res = await t.h.get<ErrorBody>('/api/v1/geo/ip/', { headers: { 'x-forwarded-for': '81.2.69.142' } })
    expect(res.status).toBe(404)
    expect(res.body.error).toMatchObject({ code: 'not_found', reason: 'address_not_located' })
  })

  describe('behind a trusted proxy', () => {
    let p: TestContext
    beforeAll(async () => {
      p = await createTestContext({ modules: [referenceModule], env: { TRUST_PROXY: 'true' } })
    })
    afterAll(async () => {
      await p.close()
    })

    it('places the address the proxy saw (the right-most entry) in country, state and city', async () => {
      const res = await p.h.get<{ country: Country; state: State | null; city: City | null }>(
        '/api/v1/geo/ip/',
        {
          headers: { 'x-forwarded-for': '10.0.0.1, 2a02:a440::1' },
        },
      )
      expect(res.status).toBe(200)
      expect(res.body.country).toMatchObject({ code: 'NL', name: 'Nederland' })
      expect(res.body.state).toMatchObject({ code: 'NB', country: nl })
      expect(res.body.city).toMatchObject({ name: 'Veghel', state: res.body.state!.uuid })
    })

    it('answers the country alone when the data set knows no more, and also without the trailing slash', async () => {
      const res = await p.h.get<{ country: Country; state: State | null; city: City | null }>(
        '/api/v1/geo/ip?lang=en',
        {
          headers: { 'x-forwarded-for': '145.97.1.1' },
        },
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        country: { code: 'NL', name: 'Netherlands' },
        state: null,
        city: null,
      })
    })

    it('answers 404 for private and loopback addresses', async () => {
      for (const ip of ['192.168.1.10', '127.0.0.1', '::1', 'not-an-address']) {
        const res = await p.h.get<ErrorBody>('/api/v1/geo/ip/', { headers: { 'x-forwarded-for': ip } })
        expect(res.status, ip).toBe(404)
      }
    })
  })
})

describe('GET /api/v1/settings/root', () => {
  it('answers what a client needs at start: languages, EUR, the Netherlands, limits', async () => {
    const res = await t.h.get<Record<string, unknown>>('/api/v1/settings/root')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      api_version: 'v1',
      default_language: 'nl',
      fallback_language: 'en',
      languages: [
        { code: 'nl', name: 'Nederlands' },
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch' },
        { code: 'ru', name: 'русский' },
        { code: 'uk', name: 'українська' },
      ],
      default_currency: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
      default_country: { uuid: nl, code: 'NL' },
      limits: {
        password_min_length: 8,
        image_max_bytes: 1048576,
        token_refresh_margin_seconds: 20,
        page_size_max: 500,
      },
    })
  })
})

describe('GET /api/v1/settings/currencies', () => {
  it('lists currencies with symbol and decimals, names in the caller’s language', async () => {
    const res = await t.h.get<Page<{ code: string; name: string; symbol: string; decimals: number }>>(
      '/api/v1/settings/currencies?lang=de',
    )
    expect(res.status).toBe(200)
    expect(res.body.count).toBeGreaterThan(140)
    expect(res.body.pages).toBe(1)
    const byCode = new Map(res.body.results.map((c) => [c.code, c]))
    expect(byCode.get('EUR')).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 })
    expect(byCode.get('USD')).toMatchObject({ name: 'US-Dollar', symbol: '$', decimals: 2 })
    expect(byCode.get('JPY')).toMatchObject({ decimals: 0 })
    expect(byCode.get('KWD')).toMatchObject({ decimals: 3 })
    expect(byCode.has('XAU')).toBe(false) // gold is not a currency anyone pays a bill in
  })

  it('pages and refuses a bad size', async () => {
    const res = await t.h.get<Page<{ code: string }>>('/api/v1/settings/currencies?size=10&page=2')
    expect(res.body.results).toHaveLength(10)
    expect(res.body.previous).not.toBeNull()
    const bad = await t.h.get<ErrorBody>('/api/v1/settings/currencies?size=-1')
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ size: ['at least 1'] })
  })
})
