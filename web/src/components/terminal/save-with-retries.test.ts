import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { MaxRepeatsError, saveWithRetries } from './save-with-retries.ts'

const serverError = () => new ApiError({ status: 503, code: 'service_unavailable', message: 'down' })
const refused = () =>
  new ApiError({
    status: 400,
    code: 'validation_failed',
    message: 'fieldsValidation',
    reason: 'fieldsValidation',
  })

describe('saving a notification with retries (spec: 3 retries after 1 s, 2 s, 3 s, then maxRepeats)', () => {
  it('retries server errors after 1, 2 and 3 seconds and then gives up with maxRepeats', async () => {
    const waits: number[] = []
    let calls = 0
    const result = saveWithRetries(
      async () => {
        calls++
        throw serverError()
      },
      { sleep: async (ms) => void waits.push(ms) },
    )
    await expect(result).rejects.toBeInstanceOf(MaxRepeatsError)
    await expect(result).rejects.toMatchObject({ type: 'maxRepeats' })
    expect(calls).toBe(4)
    expect(waits).toEqual([1000, 2000, 3000])
  })

  it('answers the first success', async () => {
    let calls = 0
    const saved = await saveWithRetries(
      async () => {
        calls++
        if (calls < 3) throw serverError()
        return 'saved'
      },
      { sleep: async () => {} },
    )
    expect(saved).toBe('saved')
    expect(calls).toBe(3)
  })

  it('does not retry a refusal of the input', async () => {
    let calls = 0
    const result = saveWithRetries(
      async () => {
        calls++
        throw refused()
      },
      { sleep: async () => {} },
    )
    await expect(result).rejects.toMatchObject({ reason: 'fieldsValidation' })
    expect(calls).toBe(1)
  })
})
