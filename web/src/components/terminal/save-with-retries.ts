import { ApiError } from '../../lib/api.ts'

/** Spec section 9: a failed notification save is retried up to 3 times, after 1 s, 2 s and 3 s. */
export const notificationSaveDelaysMs = [1000, 2000, 3000] as const

/** Spec section 8: the save failed after its retries (`maxRepeats`). */
export class MaxRepeatsError extends Error {
  override name = 'MaxRepeatsError'
  readonly type = 'maxRepeats'
  constructor(readonly last: unknown) {
    super('maxRepeats')
  }
}

/**
 * Whether trying the same save again may help: no answer (network) or a server error. A refusal
 * of the input (400 `fieldsValidation`), of the caller (401–404) or of a rule (409, 422) would be
 * refused again, so it is answered at once.
 */
export function isWorthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network' || error.status >= 500)
}

/**
 * Runs `save`, retrying a failure worth retrying after each of `delays`; when the last retry fails
 * too, throws `MaxRepeatsError`. `onRetry` hears of each retry (for a "retrying…" hint).
 */
export async function saveWithRetries<T>(
  save: () => Promise<T>,
  opts: {
    delays?: readonly number[]
    sleep?: (ms: number) => Promise<void>
    onRetry?: (attempt: number) => void
  } = {},
): Promise<T> {
  const delays = opts.delays ?? notificationSaveDelaysMs
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let last: unknown
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) {
      opts.onRetry?.(attempt)
      await sleep(delays[attempt - 1] as number)
    }
    try {
      return await save()
    } catch (error) {
      if (!isWorthRetrying(error)) throw error
      last = error
    }
  }
  throw new MaxRepeatsError(last)
}
