import { QueryObserver } from '@tanstack/react-query'
import { isNotFound } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api.ts'
import { maxQueryRetries, newQueryClient, retryQuery } from './client.ts'
import { loadQuery, settleQuery } from './load.ts'

const answer = (status: number) =>
  new ApiError({ status, code: status === 0 ? 'network' : 'not_found', message: `status ${status}` })

describe('query retries', () => {
  it('never retries an answer the API gave on purpose (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(retryQuery(0, answer(status))).toBe(false)
  })

  it('retries a server error or no answer at all twice', () => {
    for (const error of [answer(500), answer(503), answer(0), new TypeError('failed to fetch')]) {
      expect(retryQuery(0, error)).toBe(true)
      expect(retryQuery(maxQueryRetries - 1, error)).toBe(true)
      expect(retryQuery(maxQueryRetries, error)).toBe(false)
    }
  })
})

describe('a failed query', () => {
  it('is not fetched again when another reader of it mounts (no refetch loop)', async () => {
    const client = newQueryClient()
    const queryFn = vi.fn(async () => {
      throw answer(404)
    })
    const options = { queryKey: ['programs', 'detail', 'gone'], queryFn }
    await expect(client.fetchQuery(options)).rejects.toBeInstanceOf(ApiError)
    for (let i = 0; i < 3; i++) {
      const unsubscribe = new QueryObserver(client, options).subscribe(() => {})
      unsubscribe()
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(queryFn).toHaveBeenCalledTimes(1)
  })
})

describe('route loaders', () => {
  it('turn a missing object into the route not-found state', async () => {
    const client = newQueryClient()
    for (const status of [404, 400]) {
      const loading = loadQuery(client, {
        queryKey: ['missing', status],
        queryFn: async () => {
          throw answer(status)
        },
      })
      await expect(loading).rejects.toSatisfy(isNotFound)
    }
  })

  it('leave other failures to the screen, and drop them on the server so they are not sent along', async () => {
    const client = newQueryClient()
    const queryKey = ['broken']
    const failing = { queryKey, queryFn: async () => Promise.reject(answer(500)) }
    await expect(loadQuery(client, failing)).resolves.toBeUndefined()
    // Vitest runs without a window: TanStack Query takes it for the server.
    expect(client.getQueryState(queryKey)).toBeUndefined()
    await expect(settleQuery(client, failing)).resolves.toEqual({ status: 'failed' })
  })

  it('answer the data, from the cache when it is there', async () => {
    const client = newQueryClient()
    const queryFn = vi.fn(async () => ({ title: 'Koffiebar' }))
    const options = { queryKey: ['program', 'one'], queryFn }
    await expect(loadQuery(client, options)).resolves.toEqual({ title: 'Koffiebar' })
    await expect(loadQuery(client, options)).resolves.toEqual({ title: 'Koffiebar' })
    expect(queryFn).toHaveBeenCalledTimes(1)
  })
})
