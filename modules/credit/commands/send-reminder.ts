import { type Insertable, sql } from 'kysely'
import { type UserContact, userContactById, userContactsByIds } from '../../identity/index.ts'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import { system } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { DB, Trx } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Logger } from '../../platform/logger.ts'
import { type HeldMailPool, type HeldMessage, HeldSendError } from '../../platform/mail/held-send.ts'
import { mailI18n, resolveMailLocale } from '../../platform/mail/i18n.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import type { Services } from '../../platform/module.ts'
import { formatMoney } from '../../platform/money.ts'
import { findProgram, reminderPlaceholders, reminderTemplates } from '../../programs/index.ts'
import { openAmount, openOfBill, penaltyEntry } from '../billing.ts'
import {
  addBillEvent,
  type BillRow,
  billColumns,
  billEvent,
  findBills,
  lockBill,
  nextLinePosition,
  updateBill,
} from '../db/bills.ts'
import {
  creditProgramCode,
  findCreditProgram,
  findStep,
  normalizePercent,
  type StepRow,
} from '../db/programs.ts'
import { remindersStopped } from '../events.ts'
import { billReminderEmail } from '../mail/index.ts'
import { percentPenalty } from '../planning.ts'
import { payQrCodes } from './pay-qr.ts'
import { billDisplayNumber, billPayUrl, hasUnrecordedPayment } from './payments.ts'

/**
 * How late a reminder may go without being timed again: a backlog of a busy minute is sent as
 * soon as senders get to it (a minute's 10,000 reminders take minutes on a small machine), while
 * one an outage left longer than this is placed in the window by catch-up, not sent at 03:00.
 */
export const lateMinutes = 10

/** A reminder row claimed for sending (status `sending`, with this worker's claim). */
export interface ClaimedReminder {
  id: string
  bill_id: string
  step_id: string
  order: number
  claim: string
  /** Its instant: a claim made ahead of it (`claimDueReminders` with `ahead`) waits for it. */
  planned_at: Date
}

/**
 * Claims up to `limit` reminders that are due now, one transaction, rows skipped when another
 * worker holds them (`FOR UPDATE SKIP LOCKED`); a claim that lapsed (its worker died before its
 * send committed, so nothing was delivered) is taken over. Only a bill's first pending step in ladder order,
 * only bills still open with their ladder running, never a second reminder of a bill within a
 * minute of its last one, and only reminders on time (planned in the last `lateMinutes`): a
 * busy minute's backlog goes on being sent, while reminders an outage left behind are timed again
 * by the sweeper's catch-up first, so that they go in the send window.
 */
export async function claimDueReminders(
  trx: Trx,
  limit: number,
  claimMs: number,
  ahead?: { from: Date; to: Date },
): Promise<ClaimedReminder[]> {
  const claim = newId()
  // Ahead of their minute (docs/credit.md, "Sending"): the rows planned in [from, to), claimed
  // until their instant plus `claimMs`, so that they are written before it and sent at it.
  const when = ahead
    ? sql`r.planned_at >= ${ahead.from} and r.planned_at < ${ahead.to}`
    : sql`r.planned_at <= now()`
  const { rows } = await sql<ClaimedReminder>`
    with due as (
      select r.id from credit_reminders r
      join credit_bills b on b.id = r.bill_id
      where (r.status = 'planned' or (r.status = 'sending' and r.claimed_until < now()))
        and ${when} and r.planned_at > now() - make_interval(mins => ${lateMinutes})
        and b.status in ('unpaid', 'overdue') and b.reminders_stopped is null
        and not exists (
          select 1 from credit_reminders o
          where o.bill_id = r.bill_id and o."order" < r."order" and o.status in ('planned', 'sending'))
        and not exists (
          select 1 from credit_reminders s
          where s.bill_id = r.bill_id and s.status = 'sent' and s.sent_at > now() - interval '59 seconds')
      order by r.planned_at, r.bill_id, r."order"
      limit ${limit}
      for update of r skip locked
    )
    update credit_reminders c
    set status = 'sending', claim = ${claim},
        claimed_until = greatest(now(), c.planned_at) + make_interval(secs => ${claimMs / 1000}),
        attempts = c.attempts + 1, updated_at = now()
    from due where c.id = due.id
    returning c.id, c.bill_id, c.step_id, c."order", c.claim, c.planned_at`.execute(trx)
  return rows
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)

/** The step's subject and text in the holder's language: a system template's translation, else as written. */
function stepWords(step: StepRow, language: string): { subject: string; text: string } {
  const template =
    step.template_id === null ? undefined : reminderTemplates.find((t) => t.id === step.template_id)
  if (!template || !step.is_system) return { subject: step.subject, text: step.text }
  const i18n = mailI18n(resolveMailLocale(language))
  const keep = Object.fromEntries(reminderPlaceholders.map((p) => [p, `{${p}}`]))
  return {
    subject: i18n._({ ...template.subject, values: keep }),
    text: i18n._({ ...template.text, values: keep }),
  }
}

/** The penalty a step adds to a bill now: fixed, or a percentage of what is open of the bill itself. */
export function penaltyNow(step: StepRow, bill: BillRow): bigint {
  if (step.penalty_type === 1 && step.penalty_amount !== null) return step.penalty_amount
  if (step.penalty_type === 2 && step.penalty_percent !== null) {
    return percentPenalty(
      { amount: openOfBill(bill), currency: bill.currency },
      normalizePercent(step.penalty_percent),
    ).amount
  }
  return 0n
}

type Outcome = 'sent' | 'skipped' | 'lost' | 'failed' | 'retry'

class NotSending extends Error {
  readonly outcome: 'skipped' | 'lost' | 'retry'
  constructor(outcome: 'skipped' | 'lost' | 'retry') {
    super(
      outcome === 'lost'
        ? 'the reminder was taken from this worker'
        : outcome === 'retry'
          ? 'the bill changed since the reminder was written'
          : 'the reminder is no longer due',
    )
    this.outcome = outcome
  }
}

/**
 * What the reminders of one round of sending share, read once per round: a program's title and
 * code, a step, an owner. A round lasts seconds, so a change made meanwhile is seen next round.
 */
export class SendingRound {
  private readonly memo = new Map<string, Promise<unknown>>()
  private readonly db: Services['db']
  constructor(db: Services['db']) {
    this.db = db
  }
  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let hit = this.memo.get(key) as Promise<T> | undefined
    if (!hit) {
      hit = read()
      this.memo.set(key, hit)
    }
    return hit
  }
  program = (id: string) => this.once(`program:${id}`, () => findProgram(this.db, id))
  settings = (id: string) => this.once(`settings:${id}`, () => findCreditProgram(this.db, id))
  step = (id: string) => this.once(`step:${id}`, () => findStep(this.db, id))
  contact = (id: string) => this.once(`user:${id}`, () => userContactById(this.db, id))
}

/** A claimed reminder written and ready to go: the e-mail composed, what it states remembered. */
interface Prepared {
  claimed: ClaimedReminder
  step: StepRow
  messageId: string
  message: HeldMessage
  raw: Buffer
  /** The penalty and the open amount before it, as the e-mail states them. */
  penalty: bigint
  openBefore: bigint
}

/**
 * What one process shares among its senders: SMTP sessions kept open across messages (the held
 * dot works per message on a session) and one committer that makes many held sends final in one
 * transaction. Made on first use, per set of services.
 */
interface Engine {
  pool: HeldMailPool
  committer: SendCommitter
  writer: WritingQueue
}
const engines = new WeakMap<Services, Engine>()
function engineOf(services: Services): Engine {
  let engine = engines.get(services)
  if (!engine) {
    engine = {
      pool: services.mailer.held(),
      committer: new SendCommitter(services),
      writer: new WritingQueue(4),
    }
    engines.set(services, engine)
  }
  return engine
}

/**
 * E-mails are written a few at a time, in the order they were claimed. A minute's 10,000 written
 * ahead side by side all finish together, near the end (each composition is a stream that yields
 * to the others); on a loaded machine that end came after the minute, and no e-mail was ready to
 * go at it. In claim order the first are ready first, and go at the minute while the last are
 * still being written.
 */
class WritingQueue {
  private readonly slots: number
  private active = 0
  private readonly waiting: (() => void)[] = []
  constructor(slots: number) {
    this.slots = slots
  }
  async run<T>(write: () => Promise<T>): Promise<T> {
    // A slot freed is handed to the next in line directly (`active` stays).
    if (this.active < this.slots) this.active++
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await write()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}

/** Opens this process's SMTP sessions ahead of a minute of reminders written ahead. */
export function warmSessions(services: Services): Promise<void> {
  return engineOf(services).pool.warm()
}

/**
 * Sends claimed reminders, each exactly once (docs/credit.md, "Sending"). They are written first,
 * outside any transaction: the batch's bills and holders read in one query each, the e-mails
 * rendered and composed with the pay link's QR code. Each then goes to the mail server in full but
 * for its final dot (`HeldMailPool.send`); while the server waits, the committer locks the rows
 * and bills of every send waiting at that moment, checks each claim is still this worker's and
 * each bill still open, unpaid and as the e-mail states it, adds the step's penalty as a bill line
 * with its ledger request, marks the rows `sent` and writes the timeline, in one transaction; only
 * after that commit are the dots written. A crash before the commit delivers nothing and the claims
 * lapse; a row taken meanwhile, a bill paid, archived or changed meanwhile: that session is closed
 * without the dot and nothing is delivered. A permanent refusal (5xx) stops the bill's ladder and
 * tells its owner.
 */
export async function sendClaimed(
  services: Services,
  claimed: readonly ClaimedReminder[],
  log: Logger,
  round: SendingRound = new SendingRound(services.db),
): Promise<Outcome[]> {
  const { db } = services
  const engine = engineOf(services)
  const bills = await findBills(
    db,
    claimed.map((c) => c.bill_id),
  )
  const holders = await userContactsByIds(
    db,
    [...bills.values()].map((b) => b.holder_user_id),
  )
  // Codes kept since the bills' first e-mail; one missing is drawn by its own reminder below, so
  // that the batch's first e-mail does not wait for the others' drawings.
  const codes = await payQrCodes(
    db,
    [...bills.values()].map((b) => ({ id: b.id, url: billPayUrl(services.config, b.id) })),
    { draw: false },
  )
  return Promise.all(
    claimed.map(async (c): Promise<Outcome> => {
      try {
        const bill = bills.get(c.bill_id)
        const holder = bill && holders.get(bill.holder_user_id)
        const url = bill && billPayUrl(services.config, bill.id)
        const qr =
          bill && url && (codes.get(bill.id) ?? (await payQrCodes(db, [{ id: bill.id, url }])).get(bill.id))
        const prepared =
          bill &&
          holder &&
          qr &&
          (await engine.writer.run(() => prepare(services, engine, round, c, bill, holder, qr)))
        if (!prepared) {
          await release(services, c, 'skipped', 'stopped')
          return 'skipped'
        }
        // Written ahead of its instant: it goes at the instant, not before.
        const wait = c.planned_at.getTime() - Date.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        return await deliver(services, engine, prepared, bill, log)
      } catch (err) {
        log.error({ reminder_id: c.id, err: String(err) }, 'reminder send failed')
        await release(services, c, 'retry').catch(() => {})
        return 'retry'
      }
    }),
  )
}

const dueDateFormats = new Map<string, Intl.DateTimeFormat>()
/** Made once per language: making a format costs about a millisecond, a minute sends thousands. */
function dueDateFormat(locale: string): Intl.DateTimeFormat {
  let format = dueDateFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
    dueDateFormats.set(locale, format)
  }
  return format
}

/** Renders one reminder in the holder's language, with the pay link's QR code, and composes it. */
async function prepare(
  services: Services,
  engine: Engine,
  round: SendingRound,
  claimed: ClaimedReminder,
  bill: BillRow,
  holder: UserContact,
  qr: Buffer,
): Promise<Prepared | undefined> {
  const { config } = services
  const [step, program, settings, owner] = await Promise.all([
    round.step(claimed.step_id),
    round.program(bill.program_id),
    round.settings(bill.program_id),
    round.contact(bill.owner_user_id),
  ])
  if (!step) return undefined
  const number = billDisplayNumber(settings?.code, bill.number)
  const company = program?.title || owner?.name || 'Cardpay'
  const penalty = penaltyNow(step, bill)
  const openBefore = openAmount(bill)
  const open = { amount: openBefore + penalty, currency: bill.currency }
  const payUrl = billPayUrl(config, bill.id)
  const locale = resolveMailLocale(bill.language)
  const words = stepWords(step, bill.language)
  const values = {
    name: holder.name || holder.email,
    invoice_number: number,
    amount: formatMoney(locale, open),
    due_date: dueDateFormat(locale).format(new Date(`${bill.due_date}T12:00:00Z`)),
    company,
    pay_link: payUrl,
  }
  const payBy =
    step.period_value === null
      ? null
      : zonedDate(
          new Date(Math.max(Date.now(), claimed.planned_at.getTime()) + step.period_value * 86_400_000),
          bill.time_zone,
        )
  const qrCid = `pay-${bill.id}@cardpay`
  const rendered = renderEmail(billReminderEmail, bill.language, {
    subject: fill(words.subject, values),
    text: fill(words.text, values),
    company,
    number,
    open,
    penalty: penalty > 0n ? { amount: penalty, currency: bill.currency } : null,
    due_date: bill.due_date,
    pay_by: payBy,
    pay_url: payUrl,
    qr_cid: qrCid,
  })
  // The Message-ID derives from (bill, step): the same reminder always carries the same id.
  const messageId = `reminder.${bill.id}.${step.id}`
  const message: HeldMessage = {
    to: holder.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId,
    headers: { 'X-Cardpay-Bill': bill.id },
    attachments: [{ filename: 'pay.png', content: qr, contentType: 'image/png', cid: qrCid }],
  }
  const raw = await engine.pool.compose(message)
  // Only the envelope is kept beside the raw message: a minute's e-mails may wait here together.
  const envelope: HeldMessage = { to: message.to, subject: '', text: '', html: '', messageId }
  return { claimed, step, messageId, message: envelope, raw, penalty, openBefore }
}

async function deliver(
  services: Services,
  engine: Engine,
  p: Prepared,
  bill: BillRow,
  log: Logger,
): Promise<Outcome> {
  const { claimed } = p
  try {
    await engine.pool.send(p.message, () => engine.committer.commit(p), p.raw)
    log.info({ reminder_id: claimed.id, bill_id: bill.id, penalty: Number(p.penalty) }, 'reminder sent')
    return 'sent'
  } catch (err) {
    if (err instanceof HeldSendError && err.cause instanceof NotSending) return err.cause.outcome
    if (err instanceof NotSending) return err.outcome
    if (!(err instanceof HeldSendError)) {
      await release(services, claimed, 'retry')
      throw err
    }
    if (err.permanent) {
      await stopLadder(services, claimed, err.message)
      log.warn(
        { reminder_id: claimed.id, bill_id: bill.id, response: err.message },
        'reminder refused for good',
      )
      return 'failed'
    }
    if (err.committed) {
      // The dot went and no clear answer came: the server most likely has it. Counted as sent.
      log.warn({ reminder_id: claimed.id, err: err.message }, 'reminder sent, answer lost')
      return 'sent'
    }
    await release(services, claimed, 'retry')
    log.warn({ reminder_id: claimed.id, err: err.message }, 'reminder not sent; tried again later')
    return 'retry'
  }
}

/**
 * Group commit of held sends: every send waiting at its final dot while a transaction runs goes
 * into the next one, so a busy minute costs a transaction per batch, not per e-mail. Two
 * transactions may run at once: a send that arrives while one commits goes into the other instead
 * of waiting for it (the dots wait on commit latency, not on CPU; batches never share a row or a
 * bill). A failed transaction fails its whole batch (each session is closed without its dot, each
 * reminder tried again); a row that cannot be sent fails alone with its reason.
 */
class SendCommitter {
  private static readonly parallel = 2
  private readonly services: Services
  private queue: { p: Prepared; resolve: () => void; reject: (err: unknown) => void }[] = []
  private running = 0
  constructor(services: Services) {
    this.services = services
  }

  commit(p: Prepared): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ p, resolve, reject })
      if (this.running < SendCommitter.parallel) void this.drain()
    })
  }

  private async drain() {
    this.running++
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, 200)
        try {
          const outcomes = await this.services.db.transaction().execute((trx) =>
            commitSends(
              trx,
              batch.map((b) => b.p),
            ),
          )
          batch.forEach((b, i) => {
            const outcome = outcomes[i]
            if (outcome === 'sent') b.resolve()
            else b.reject(new NotSending(outcome ?? 'lost'))
          })
        } catch (err) {
          for (const b of batch) b.reject(err)
        }
      }
    } finally {
      this.running--
    }
  }
}

/**
 * The transaction that makes sends final, run while the server waits for their final dots: four
 * round trips to PostgreSQL whatever the batch's size (begin; one statement locking the rows and
 * their bills with the open-payment check; one writing the rows and the timeline; commit), since
 * the dots wait for it. Rows are locked in id order with their bills, as every batch locks them;
 * two batches never share a row or a bill (a bill has one reminder in flight at a time), so they
 * never deadlock.
 */
async function commitSends(
  trx: Trx,
  batch: readonly Prepared[],
): Promise<('sent' | 'skipped' | 'lost' | 'retry')[]> {
  const ids = batch.map((p) => p.claimed.id)
  const locked = await trx
    .selectFrom('credit_reminders as r')
    .innerJoin('credit_bills', 'credit_bills.id', 'r.bill_id')
    .select(['r.id as reminder_id', 'r.status as reminder_status', 'r.claim as reminder_claim'])
    .select((eb) => billColumns(eb as unknown as Parameters<typeof billColumns>[0]))
    // A payment under way: it may be paid at the provider already (checked below when so).
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('credit_bill_payments as p')
            .select('p.payment_id')
            .whereRef('p.bill_id', '=', 'r.bill_id')
            .where('p.status', '=', 'open'),
        )
        .as('open_payment'),
    )
    .where('r.id', 'in', ids)
    .orderBy('r.id')
    .forUpdate()
    .execute()
  const rowById = new Map(locked.map((r) => [r.reminder_id, r]))
  const mine = batch.filter((p) => {
    const row = rowById.get(p.claimed.id)
    return row?.reminder_status === 'sending' && row.reminder_claim === p.claimed.claim
  })
  const bills = new Map<string, BillRow>()
  const withOpenPayment = new Set<string>()
  for (const p of mine) {
    const { reminder_id, reminder_status, reminder_claim, open_payment, ...bill } = rowById.get(p.claimed.id)!
    bills.set(bill.id, bill as BillRow)
    if (open_payment) withOpenPayment.add(bill.id)
  }
  const now = new Date()
  const sent: Prepared[] = []
  const events: Insertable<DB['credit_bill_events']>[] = []
  const outcomes = new Map<string, 'sent' | 'skipped' | 'lost' | 'retry'>()
  for (const p of mine) {
    const { claimed, step } = p
    const bill = bills.get(claimed.bill_id)
    const skip = async (reason: string) => {
      await trx
        .updateTable('credit_reminders')
        .set({ status: 'skipped', reason, claim: null, claimed_until: null, updated_at: now })
        .where('id', '=', claimed.id)
        .execute()
      await addBillEvent(trx, claimed.bill_id, 'reminder_skipped', { step: step.title, reason }, claimed.id)
      outcomes.set(claimed.id, 'skipped')
    }
    if (!bill || bill.status === 'archived') {
      await skip('archived')
      continue
    }
    if (bill.status === 'paid' || openAmount(bill) <= 0n) {
      await skip('paid')
      continue
    }
    if (bill.reminders_stopped) {
      await skip('stopped')
      continue
    }
    // Paid at the provider but not recorded yet: the payment stops the ladder now.
    if (withOpenPayment.has(bill.id) && (await hasUnrecordedPayment(trx, bill.id))) {
      await skip('paid')
      continue
    }
    const penalty = penaltyNow(step, bill)
    if (penalty !== p.penalty || openAmount(bill) !== p.openBefore) {
      // Paid in part (or changed) since the e-mail was written: written again from the bill as it is.
      await trx
        .updateTable('credit_reminders')
        .set({ status: 'planned', claim: null, claimed_until: null, updated_at: now })
        .where('id', '=', claimed.id)
        .execute()
      outcomes.set(claimed.id, 'retry')
      continue
    }
    if (penalty > 0n) {
      await trx
        .insertInto('credit_bill_lines')
        .values({
          id: newId(),
          bill_id: bill.id,
          position: await nextLinePosition(trx, bill.id),
          kind: 'penalty',
          description: step.title,
          quantity: 1,
          unit_price: penalty,
          vat_code: null,
          vat_rate_bp: null,
          net: penalty,
          reminder_id: claimed.id,
        })
        .execute()
      bills.set(bill.id, await updateBill(trx, bill.id, { penalties: bill.penalties + penalty }))
      await publish(
        trx,
        ledgerEntryRequested,
        penaltyEntry(
          { ...bill, code: await creditProgramCode(trx, bill.program_id) },
          claimed.id,
          penalty,
          zonedDate(now),
        ),
        {
          actor: system('credit.reminders'),
          requestId: claimed.id,
        },
      )
      events.push(
        billEvent(
          bill.id,
          'penalty_added',
          { step: step.title, amount: Number(penalty), currency: bill.currency },
          claimed.id,
          now,
        ),
      )
    }
    events.push(
      billEvent(
        bill.id,
        'reminder_sent',
        { step: step.title, penalty: Number(penalty), currency: bill.currency },
        claimed.id,
        now,
      ),
    )
    sent.push(p)
    outcomes.set(claimed.id, 'sent')
  }
  if (sent.length > 0) {
    // The rows marked sent and the timeline written in one statement (a data-modifying CTE runs to
    // its end whether or not the statement reads it).
    await sql`
      with marked as (
        update credit_reminders r
        set status = 'sent', sent_at = ${now}, message_id = v.message_id, penalty = v.penalty,
            claim = null, claimed_until = null, error = null, updated_at = ${now}
        from unnest(${sent.map((p) => p.claimed.id)}::uuid[], ${sent.map((p) => p.messageId)}::text[],
                    ${sent.map((p) => p.penalty.toString())}::bigint[]) as v(id, message_id, penalty)
        where r.id = v.id
        returning 1)
      insert into credit_bill_events (id, bill_id, kind, params, reminder_id, at)
      select e.id, e.bill_id, e.kind, e.params, e.reminder_id, ${now}::timestamptz
      from unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.bill_id)}::uuid[],
                  ${events.map((e) => e.kind)}::text[], ${events.map((e) => e.params)}::jsonb[],
                  ${events.map((e) => e.reminder_id)}::uuid[]) as e(id, bill_id, kind, params, reminder_id)`.execute(
      trx,
    )
  }
  return batch.map((p) => outcomes.get(p.claimed.id) ?? 'lost')
}

/** Gives a claimed reminder back: planned again (tried later), or skipped with a reason. */
async function release(
  services: Services,
  claimed: ClaimedReminder,
  to: 'retry' | 'skipped',
  reason?: string,
) {
  await services.db
    .updateTable('credit_reminders')
    .set(
      to === 'retry'
        ? { status: 'planned', claim: null, claimed_until: null, updated_at: new Date() }
        : {
            status: 'skipped',
            reason: reason ?? 'stopped',
            claim: null,
            claimed_until: null,
            updated_at: new Date(),
          },
    )
    .where('id', '=', claimed.id)
    .where('claim', '=', claimed.claim)
    .execute()
}

/**
 * The holder's mail server refused a reminder for good: the row fails (`smtp_rejected`), the
 * bill's other reminders not sent yet are skipped (`stopped`), the bill says its ladder stopped,
 * and the owner is told (event `credit.reminders.stopped`, e-mailed by the notifications queue).
 */
async function stopLadder(services: Services, claimed: ClaimedReminder, response: string) {
  await services.db.transaction().execute(async (trx) => {
    const bill = await lockBill(trx, claimed.bill_id)
    if (!bill) return
    await trx
      .updateTable('credit_reminders')
      .set({
        status: 'failed',
        reason: 'smtp_rejected',
        error: response.slice(0, 1000),
        sent_at: null,
        claim: null,
        claimed_until: null,
        updated_at: new Date(),
      })
      .where('id', '=', claimed.id)
      .execute()
    const skipped = await trx
      .updateTable('credit_reminders')
      .set({ status: 'skipped', reason: 'stopped', claim: null, claimed_until: null, updated_at: new Date() })
      .where('bill_id', '=', bill.id)
      .where('status', 'in', ['planned', 'sending'])
      .returning('id')
      .execute()
    await updateBill(trx, bill.id, { reminders_stopped: 'smtp_rejected' })
    await addBillEvent(
      trx,
      bill.id,
      'reminder_failed',
      { reason: 'smtp_rejected', response: response.slice(0, 300) },
      claimed.id,
    )
    await addBillEvent(trx, bill.id, 'reminders_stopped', {
      reason: 'smtp_rejected',
      reminders_skipped: skipped.length,
    })
    await publish(
      trx,
      remindersStopped,
      { bill_id: bill.id, reminder_id: claimed.id, response: response.slice(0, 1000) },
      { actor: system('credit.reminders'), requestId: claimed.id },
    )
  })
}
