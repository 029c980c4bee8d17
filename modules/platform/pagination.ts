import { z } from './http.ts'

/**
 * The API's one list shape, `{count, next, previous, pages, size, results}`, with `?page=` from 1 and
 * `?size=`. `next` and `previous` are links to the neighbouring pages (the request's own URL with
 * `page` replaced), so a client can follow them without knowing the parameters.
 */

export interface PaginationOptions {
  /** Page size when the caller gives none. */
  defaultSize?: number
  /** Largest page size a caller may ask for (more is a 400, not a silent cut). */
  maxSize?: number
}

/** The `page` and `size` query parameters; merge into a route's query schema with `.extend()`. */
export function paginationQuery({ defaultSize = 50, maxSize = 500 }: PaginationOptions = {}) {
  return z.object({
    page: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'pages start at 1')
      .default(1)
      .openapi({ description: 'Page number, from 1', example: 1 }),
    size: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'at least 1')
      .max(maxSize, `at most ${maxSize}`)
      .default(defaultSize)
      .openapi({ description: `Results per page (default ${defaultSize}, at most ${maxSize})` }),
  })
}

export interface PageRequest {
  page: number
  size: number
}

/** Rows to skip for a page. */
export const pageOffset = ({ page, size }: PageRequest) => (page - 1) * size

/** The response schema of a list of `item`, for a route's OpenAPI definition. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().openapi({ description: 'Results over all pages' }),
    next: z.string().nullable().openapi({ description: 'Link to the next page, null on the last' }),
    previous: z.string().nullable().openapi({ description: 'Link to the previous page, null on the first' }),
    pages: z.number().int().openapi({ description: 'Number of pages (0 when there are no results)' }),
    size: z.number().int().openapi({ description: 'Page size used' }),
    results: z.array(item),
  })
}

export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  pages: number
  size: number
  results: T[]
}

/**
 * Wraps one page of results. `url` is the request's URL (`c.req.url`); its other parameters are
 * kept in the links. A page past the end answers empty results with `previous` pointing back.
 */
export function toPage<T>(url: string, req: PageRequest, count: number, results: T[]): Page<T> {
  const pages = Math.ceil(count / req.size)
  const link = (page: number) => {
    const u = new URL(url)
    u.searchParams.set('page', String(page))
    return u.toString()
  }
  return {
    count,
    next: req.page < pages ? link(req.page + 1) : null,
    previous: req.page > 1 && pages > 0 ? link(Math.min(req.page - 1, pages)) : null,
    pages,
    size: req.size,
    results,
  }
}
