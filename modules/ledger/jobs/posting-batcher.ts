import type { Db, Trx } from '../../platform/db.ts'
import type { Logger } from '../../platform/logger.ts'
import { once } from '../../platform/once.ts'
import { type Posted, postEntries, postEntry } from '../commands/post-entry.ts'
import type { PostingInput } from '../rules.ts'

/** What a job learns from the batcher: its entry, or that its event had been processed already. */
export type BatchedPosting = { processed: true; posted: Posted } | { processed: false }

export interface PostingBatcherOptions {
  /** Requests posted in one transaction at most. */
  maxBatch?: number
  /** How long the first request of a batch waits for others to join it. */
  maxWaitMs?: number
  /** Batch transactions open at once; while they run, the next batch fills up. */
  maxInFlight?: number
}

export interface PostingBatcher {
  /**
   * Posts `posting` for `eventId` together with the requests of other concurrent jobs, in one
   * transaction that also records (event, handler) in `processed_events`: settles after commit.
   */
  post(eventId: string, posting: PostingInput): Promise<BatchedPosting>
}

interface Request {
  eventId: string
  posting: PostingInput
  resolve(outcome: BatchedPosting): void
  reject(err: unknown): void
}

const sourceKey = (s: PostingInput['source']) => `${s.kind}\u0000${s.id}`

/**
 * Micro-batches the ledger worker's postings. One entry per transaction costs a commit (a WAL
 * flush and the deferred balance checks' round trips) per entry, which caps a worker at several
 * hundred entries a second; collecting the requests of concurrent jobs and posting them with
 * `postEntries` in one transaction spreads that cost over up to `maxBatch` entries.
 *
 * The guarantees of `once()` hold per request: the batch's transaction records every (event,
 * handler) pair with its entries, so a crash leaves neither; an event already recorded (a job
 * delivered twice, also twice in one batch) posts nothing; a source repeated within the batch or
 * posted before answers the existing entry. If the batch's transaction fails (one request the
 * database refuses, a deadlock with another worker), every request of it is posted again on its
 * own with `once()`, so only the request at fault fails, and only its job.
 */
export function createPostingBatcher(
  db: Db,
  handler: string,
  log: Logger,
  opts: PostingBatcherOptions = {},
): PostingBatcher {
  const { maxBatch = 200, maxWaitMs = 2, maxInFlight = 2 } = opts
  let pending: Request[] = []
  let timer: NodeJS.Timeout | null = null
  let inFlight = 0

  function schedule(): void {
    if (!pending.length || inFlight >= maxInFlight) return
    if (pending.length >= maxBatch) {
      flush()
      return
    }
    timer ??= setTimeout(() => {
      timer = null
      if (inFlight < maxInFlight) flush()
    }, maxWaitMs)
  }

  function flush(): void {
    if (timer) clearTimeout(timer)
    timer = null
    const batch = pending.slice(0, maxBatch)
    pending = pending.slice(maxBatch)
    inFlight++
    void run(batch).finally(() => {
      inFlight--
      // Requests that arrived meanwhile have waited at least one transaction: post them now.
      if (pending.length && inFlight < maxInFlight) flush()
      schedule()
    })
  }

  async function run(batch: Request[]): Promise<void> {
    let outcomes: BatchedPosting[]
    try {
      outcomes = await db.transaction().execute((trx) => postBatch(trx, batch))
    } catch (err) {
      log.warn(
        { err: (err as Error).message, requests: batch.length },
        'ledger batch failed; posting its requests one by one',
      )
      for (const request of batch) await postAlone(request)
      return
    }
    for (const [i, request] of batch.entries()) request.resolve(outcomes[i]!)
  }

  async function postBatch(trx: Trx, batch: readonly Request[]): Promise<BatchedPosting[]> {
    // Sorted keys: two batches that share keys (another worker, a redelivered job) lock them in
    // the same order and wait for each other instead of deadlocking.
    const eventIds = [...new Set(batch.map((r) => r.eventId))].sort()
    const claimed = new Set(
      (
        await trx
          .insertInto('processed_events')
          .values(eventIds.map((event_id) => ({ event_id, handler })))
          .onConflict((oc) => oc.doNothing())
          .returning('event_id')
          .execute()
      ).map((r) => r.event_id),
    )
    // The first request of a claimed event posts; a second copy of it in this batch does not.
    const posting = batch.filter((r) => claimed.delete(r.eventId))
    const bySource = posting
      .map((r) => ({ r, key: sourceKey(r.posting.source) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ r }) => r)
    const posted = await postEntries(
      trx,
      bySource.map((r) => r.posting),
    )
    const outcome = new Map<Request, BatchedPosting>(
      bySource.map((r, i) => [r, { processed: true, posted: posted[i]! }]),
    )
    return batch.map((r) => outcome.get(r) ?? { processed: false })
  }

  async function postAlone(request: Request): Promise<void> {
    try {
      let posted: Posted | undefined
      await once(db, request.eventId, handler, async (trx) => {
        posted = await postEntry(trx, request.posting)
      })
      request.resolve(posted ? { processed: true, posted } : { processed: false })
    } catch (err) {
      request.reject(err)
    }
  }

  return {
    post(eventId, posting) {
      return new Promise<BatchedPosting>((resolve, reject) => {
        pending.push({ eventId, posting, resolve, reject })
        schedule()
      })
    },
  }
}
