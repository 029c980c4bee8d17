import { sql } from 'kysely'
import QRCode from 'qrcode'
import { userContactById } from '../../identity/index.ts'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import { system } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { Trx } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Logger } from '../../platform/logger.ts'
import { HeldSendError, sendHeld } from '../../platform/mail/held-send.ts'
import { mailI18n, resolveMailLocale } from '../../platform/mail/i18n.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import type { Services } from '../../platform/module.ts'
import { formatMoney } from '../../platform/money.ts'
import { findProgram, reminderPlaceholders, reminderTemplates } from '../../programs/index.ts'
import { openAmount, openOfBill, penaltyEntry } from '../billing.ts'
import { addBillEvent, type BillRow, findBill, lockBill, nextLinePosition, updateBill } from '../db/bills.ts'
import { findCreditProgram, findStep, normalizePercent, type StepRow } from '../db/programs.ts'
import { remindersStopped } from '../events.ts'
import { billReminderEmail } from '../mail/index.ts'
import { percentPenalty } from '../planning.ts'
import { billDisplayNumber, billPayUrl, hasUnrecordedPayment } from './payments.ts'

/** A reminder row claimed for sending (status `sending`, with this worker's claim). */
/**
 * How late a reminder may go without being timed again: a backlog of a busy minute is sent as
 * soon as senders get to it (a minute's 10,000 reminders take minutes on a small machine), while
 * one an outage left longer than this is placed in the window by catch-up, not sent at 03:00.
 */
export const lateMinutes = 10

export interface ClaimedReminder {
  id: string
  bill_id: string
  step_id: string
  order: number
  claim: string
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
): Promise<ClaimedReminder[]> {
  const claim = newId()
  const { rows } = await sql<ClaimedReminder>`
    with due as (
      select r.id from credit_reminders r
      join credit_bills b on b.id = r.bill_id
      where (r.status = 'planned' or (r.status = 'sending' and r.claimed_until < now()))
        and r.planned_at <= now() and r.planned_at > now() - make_interval(mins => ${lateMinutes})
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
    set status = 'sending', claim = ${claim}, claimed_until = now() + make_interval(secs => ${claimMs / 1000}),
        attempts = c.attempts + 1, updated_at = now()
    from due where c.id = due.id
    returning c.id, c.bill_id, c.step_id, c."order", c.claim`.execute(trx)
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
  readonly outcome: 'skipped' | 'lost'
  constructor(outcome: 'skipped' | 'lost') {
    super(outcome === 'lost' ? 'the reminder was taken from this worker' : 'the reminder is no longer due')
    this.outcome = outcome
  }
}

/**
 * Sends one claimed reminder exactly once (docs/credit.md, "Sending"). The e-mail goes to the
 * mail server in full but for its final dot (`sendHeld`); then, in one transaction with the row
 * locked, the claim is checked, the bill is checked to be still open and unpaid, the step's
 * penalty is added as a bill line with its ledger request, the row becomes `sent` and the timeline
 * says so; only after that commit is the dot written. A crash before the commit delivers nothing
 * and the claim lapses; a row taken meanwhile, a bill paid or archived meanwhile: the connection
 * is dropped and nothing is delivered. A permanent refusal (5xx) stops the bill's ladder and tells
 * its owner.
 */
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

export async function sendReminder(
  services: Services,
  claimed: ClaimedReminder,
  log: Logger,
  round: SendingRound = new SendingRound(services.db),
): Promise<Outcome> {
  const { db, config } = services
  const [bill, step] = await Promise.all([findBill(db, claimed.bill_id), round.step(claimed.step_id)])
  if (!bill || !step) {
    await release(services, claimed, 'skipped', 'stopped')
    return 'skipped'
  }
  const [program, settings, holder, owner] = await Promise.all([
    round.program(bill.program_id),
    round.settings(bill.program_id),
    userContactById(db, bill.holder_user_id),
    round.contact(bill.owner_user_id),
  ])
  if (!holder) {
    await release(services, claimed, 'skipped', 'stopped')
    return 'skipped'
  }
  const number = billDisplayNumber(settings?.code, bill.number)
  const company = program?.title || owner?.name || 'Cardpay'
  const penalty = penaltyNow(step, bill)
  const open = { amount: openAmount(bill) + penalty, currency: bill.currency }
  const payUrl = billPayUrl(config, bill.id)
  const locale = resolveMailLocale(bill.language)
  const words = stepWords(step, bill.language)
  const values = {
    name: holder.name || holder.email,
    invoice_number: number,
    amount: formatMoney(locale, open),
    due_date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${bill.due_date}T12:00:00Z`),
    ),
    company,
    pay_link: payUrl,
  }
  const payBy =
    step.period_value === null
      ? null
      : zonedDate(new Date(Date.now() + step.period_value * 86_400_000), bill.time_zone)
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
  // Four to five pixels a module: crisp when shown at 180 px, and a fifth of the time a 360 px
  // image takes to encode (the largest cost of a reminder).
  const qr = await QRCode.toBuffer(payUrl, { type: 'png', scale: 5, margin: 1, errorCorrectionLevel: 'M' })
  // The Message-ID derives from (bill, step): the same reminder always carries the same id.
  const messageId = `reminder.${bill.id}.${step.id}`

  try {
    await sendHeld(
      config,
      {
        to: holder.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId,
        headers: { 'X-Cardpay-Bill': bill.id },
        attachments: [{ filename: 'pay.png', content: qr, contentType: 'image/png', cid: qrCid }],
      },
      () => commitSend(services, claimed, step, messageId),
    )
    log.info({ reminder_id: claimed.id, bill_id: bill.id, penalty: Number(penalty) }, 'reminder sent')
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

/** The transaction that makes a send final, run while the server waits for the final dot. */
async function commitSend(services: Services, claimed: ClaimedReminder, step: StepRow, messageId: string) {
  const outcome = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('credit_reminders')
      .select(['status', 'claim'])
      .where('id', '=', claimed.id)
      .forUpdate()
      .executeTakeFirst()
    if (row?.status !== 'sending' || row.claim !== claimed.claim) return 'lost' as const
    const bill = await lockBill(trx, claimed.bill_id)
    const skip = async (reason: string) => {
      await trx
        .updateTable('credit_reminders')
        .set({ status: 'skipped', reason, claim: null, claimed_until: null, updated_at: new Date() })
        .where('id', '=', claimed.id)
        .execute()
      await addBillEvent(trx, claimed.bill_id, 'reminder_skipped', { step: step.title, reason }, claimed.id)
      return 'skipped' as const
    }
    if (!bill || bill.status === 'archived') return skip('archived')
    if (bill.status === 'paid' || openAmount(bill) <= 0n) return skip('paid')
    if (bill.reminders_stopped) return skip('stopped')
    // Paid at the provider but not recorded yet: the payment stops the ladder now.
    if (await hasUnrecordedPayment(trx, bill.id)) return skip('paid')
    const now = new Date()
    const penalty = penaltyNow(step, bill)
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
      await updateBill(trx, bill.id, { penalties: bill.penalties + penalty })
      await publish(trx, ledgerEntryRequested, penaltyEntry(bill, claimed.id, penalty, zonedDate(now)), {
        actor: system('credit.reminders'),
        requestId: claimed.id,
      })
      await addBillEvent(
        trx,
        bill.id,
        'penalty_added',
        { step: step.title, amount: Number(penalty), currency: bill.currency },
        claimed.id,
        now,
      )
    }
    await trx
      .updateTable('credit_reminders')
      .set({
        status: 'sent',
        sent_at: now,
        message_id: messageId,
        penalty,
        claim: null,
        claimed_until: null,
        error: null,
        updated_at: now,
      })
      .where('id', '=', claimed.id)
      .execute()
    await addBillEvent(
      trx,
      bill.id,
      'reminder_sent',
      { step: step.title, penalty: Number(penalty), currency: bill.currency },
      claimed.id,
      now,
    )
    return 'sent' as const
  })
  if (outcome !== 'sent') throw new NotSending(outcome)
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
