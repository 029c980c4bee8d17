import QRCode from 'qrcode'
import type { DbOrTrx } from '../../platform/db.ts'

/**
 * The QR code of a bill's pay link as a PNG, drawn once and kept (`credit_bill_qr`): the bill's
 * first e-mail draws it, its reminders attach the kept image. Drawing is the largest cost of a
 * reminder (5–10 ms of CPU), and a minute with thousands of them cannot spend it; a pay link never
 * changes, and a kept image of another link (the public address moved) is drawn again.
 */
export async function payQrCodes(
  db: DbOrTrx,
  bills: readonly { id: string; url: string }[],
  opts: { draw?: boolean } = {},
): Promise<Map<string, Buffer>> {
  const codes = new Map<string, Buffer>()
  if (bills.length === 0) return codes
  const kept = await db
    .selectFrom('credit_bill_qr')
    .select(['bill_id', 'url', 'png'])
    .where(
      'bill_id',
      'in',
      bills.map((b) => b.id),
    )
    .execute()
  const keptBy = new Map(kept.map((k) => [k.bill_id, k]))
  const drawn: { bill_id: string; url: string; png: Buffer }[] = []
  for (const bill of bills) {
    const k = keptBy.get(bill.id)
    if (k && k.url === bill.url) {
      codes.set(bill.id, k.png)
      continue
    }
    // Only the kept ones: the caller draws the missing ones itself.
    if (opts.draw === false) continue
    const png = await drawPayQr(bill.url)
    codes.set(bill.id, png)
    drawn.push({ bill_id: bill.id, url: bill.url, png })
  }
  if (drawn.length > 0)
    await db
      .insertInto('credit_bill_qr')
      .values(drawn)
      .onConflict((oc) =>
        oc
          .column('bill_id')
          .doUpdateSet((eb) => ({ url: eb.ref('excluded.url'), png: eb.ref('excluded.png') })),
      )
      .execute()
  return codes
}

/**
 * Five pixels a module (about 180 px for a pay link): crisp where the e-mail shows it at 180 px,
 * and a fifth of the time a 360 px image takes to encode.
 */
export function drawPayQr(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', scale: 5, margin: 1, errorCorrectionLevel: 'M' })
}
