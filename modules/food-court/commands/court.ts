import { isOwnRestaurantImage, isRestaurantDomain } from '../../food/index.ts'
import type { Config } from '../../platform/config.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, type FieldProblems, fieldProblem } from '../../platform/errors.ts'
import { secretBox } from '../../platform/secrets.ts'
import {
  createProgram,
  findProgram,
  type ProgramStatus,
  programStatuses,
  programTypes,
  type StepCheck,
  updateProgramIn,
} from '../../programs/index.ts'
import { type Caller, courtOf } from '../access.ts'
import { bpToPercent, type CourtProblem, checkCourt } from '../shared.ts'

/** A court's fields as `POST`/`PATCH food/courts` take them. */
export interface CourtChange {
  title?: string | undefined
  description?: string | undefined
  currency?: string | undefined
  image?: string | null | undefined
  address?: string | undefined
  phone?: string | undefined
  can_pickup_in_rest?: boolean | undefined
  time_zone?: string | undefined
  domain_name?: string | null | undefined
  food_court_min_order_amount?: number | undefined
  split_payment_fee_percent?: number | string | null | undefined
  split_payment_fee_fixed?: number | string | null | undefined
  super_merchant_username?: string | undefined
  super_merchant_password?: string | undefined
  external_reference?: string | undefined
  payout_after_days?: number | undefined
}

export type CourtRow = NonNullable<Awaited<ReturnType<typeof findCourtRow>>>

export function findCourtRow(db: DbOrTrx, programId: string) {
  return db.selectFrom('food_courts').selectAll().where('program_id', '=', programId).executeTakeFirst()
}

function invalid(problems: readonly CourtProblem[]): AppError {
  const fields: FieldProblems = {}
  for (const p of problems) fields[p.field] = [...(fields[p.field] ?? []), fieldProblem(p.code, p.message)]
  const onlyOne = problems.some((p) => p.code === 'only_one_fee_field')
  return new AppError(
    'validation_failed',
    onlyOne ? 'Only one fee field may be filled' : 'The form must be filled correctly',
    { fields },
  )
}

const domainAlreadyUsed = () =>
  new AppError('bad_request', 'Domain already used', {
    reason: 'domain_already_used',
    fields: { domain_name: [fieldProblem('domain_already_used', 'Domain already used')] },
  })

/** The stored court as the rules read it (a program without a court row: the defaults). */
function ruleInputOf(program: { title: string; description: string }, row: CourtRow | undefined) {
  return {
    title: program.title,
    description: program.description,
    address: row?.address ?? '',
    can_pickup_in_rest: row?.can_pickup_in_rest ?? false,
    image: row?.image_id ?? null,
    domain_name: row?.domain_name ?? null,
    split_payment_fee_percent: row?.fee_percent_bp == null ? null : bpToPercent(row.fee_percent_bp),
    split_payment_fee_fixed: row?.fee_fixed == null ? null : Number(row.fee_fixed),
  }
}

/**
 * Creates a food court (wizard steps 0 and 1 at once): the 5001 program through the programs
 * module and the court row, checked whole first (bad input creates nothing), at draftStep2.
 */
export async function createCourt(
  db: Db,
  config: Config,
  ctx: RequestContext,
  me: Caller,
  change: CourtChange & { title: string },
): Promise<string> {
  const checked = checkCourt({ ...change }, { isNew: true })
  if (checked.problems.length) throw invalid(checked.problems)
  const id = await db.transaction().execute(async (trx) => {
    const created = await createProgram(trx, ctx, me.user_id, {
      type: programTypes.foodCourtManagement,
      title: change.title,
      description: change.description ?? '',
      currency: change.currency ?? 'EUR',
    })
    await saveIn(trx, config, ctx, me, created.id, change)
    return created.id
  })
  ctx.log.info({ program_id: id }, 'food court created')
  return id
}

/** Changes a court (`PATCH food/courts/{uuid}`): merged with what is stored and checked whole. */
export async function updateCourt(
  db: Db,
  config: Config,
  ctx: RequestContext,
  me: Caller,
  uuid: string,
  change: CourtChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await courtOf(trx, me, uuid, { lock: trx, change: true })
    await saveIn(trx, config, ctx, me, uuid, change)
  })
}

async function saveIn(
  trx: Trx,
  config: Config,
  ctx: RequestContext,
  me: Caller,
  uuid: string,
  change: CourtChange,
) {
  const program = await courtOf(trx, me, uuid, { lock: trx, change: true })
  const row = await findCourtRow(trx, uuid)
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as CourtChange
  const merged = { ...ruleInputOf(program, row), ...defined }
  // Switching the fee kind: the newly given field replaces the stored other one.
  if (defined.split_payment_fee_percent !== undefined && defined.split_payment_fee_fixed === undefined)
    merged.split_payment_fee_fixed = null
  if (defined.split_payment_fee_fixed !== undefined && defined.split_payment_fee_percent === undefined)
    merged.split_payment_fee_percent = null
  const checked = checkCourt(merged, { isNew: !row })
  const problems = [...checked.problems]
  const image = merged.image ?? null
  if (image && image !== row?.image_id && !(await isOwnRestaurantImage(trx, image, me.user_id)))
    problems.push({
      field: 'image',
      code: 'required',
      message: 'no such image: upload it with POST food/programs/images',
    })
  if (problems.length) throw invalid(problems)
  const domain = checked.domain_name
  if (domain && domain !== row?.domain_name) {
    const taken = await trx
      .selectFrom('food_courts')
      .select('program_id')
      .where('domain_name', '=', domain)
      .where('program_id', '!=', uuid)
      .executeTakeFirst()
    const portals = [
      ...config.ADMIN_HOST,
      ...config.PROGRAMS_HOST,
      ...config.ACCEPTOR_HOST,
      ...config.CARDHOLDER_HOST,
    ]
    if (taken || portals.includes(domain) || (await isRestaurantDomain(trx, domain)))
      throw domainAlreadyUsed()
  }
  const details = {
    ...(change.title !== undefined && change.title.trim() !== program.title
      ? { title: change.title.trim() }
      : {}),
    ...(change.description !== undefined && change.description.trim() !== program.description
      ? { description: change.description.trim() }
      : {}),
    ...(change.currency !== undefined && change.currency !== program.currency
      ? { currency: change.currency }
      : {}),
  }
  if (Object.keys(details).length) await updateProgramIn(trx, ctx, me, uuid, details)
  const columns = {
    image_id: image,
    address: (merged.address ?? '').trim(),
    can_pickup_in_rest: merged.can_pickup_in_rest ?? false,
    domain_name: domain,
    fee_percent_bp: checked.fee_percent_bp,
    fee_fixed: checked.fee_fixed,
    ...(defined.phone !== undefined ? { phone: defined.phone.trim() } : {}),
    ...(defined.time_zone !== undefined ? { time_zone: defined.time_zone } : {}),
    ...(defined.food_court_min_order_amount !== undefined
      ? { min_order_amount: BigInt(defined.food_court_min_order_amount) }
      : {}),
    ...(defined.super_merchant_username !== undefined
      ? { super_merchant_username: defined.super_merchant_username.trim() }
      : {}),
    ...(defined.super_merchant_password !== undefined
      ? {
          super_merchant_password: defined.super_merchant_password
            ? secretBox(config).seal(defined.super_merchant_password)
            : null,
        }
      : {}),
    ...(defined.external_reference !== undefined
      ? { external_reference: defined.external_reference.trim() }
      : {}),
    ...(defined.payout_after_days !== undefined ? { payout_after_days: defined.payout_after_days } : {}),
    updated_at: new Date(),
  }
  if (row) await trx.updateTable('food_courts').set(columns).where('program_id', '=', uuid).execute()
  else
    await trx
      .insertInto('food_courts')
      .values({ program_id: uuid, ...columns })
      .execute()
  if (program.status === programStatuses.draftStep1) {
    await updateProgramIn(trx, ctx, me, uuid, { status: programStatuses.draftStep2 as ProgramStatus })
  }
}

/**
 * The court's wizard steps (the `programs.step-checks` hook for 5001): every step after the first
 * needs the court saved complete and valid; restaurants may be invited before or after activation.
 */
export const courtProgramSteps: StepCheck = async (db, programId) => {
  const program = await findProgram(db, programId)
  const row = program ? await findCourtRow(db, programId) : undefined
  if (!program || !row) return { reason: 'court_not_complete', message: 'save the food court first' }
  const { problems } = checkCourt(ruleInputOf(program, row), { isNew: false })
  if (problems.length)
    return {
      reason: 'court_not_complete',
      message: `complete the food court first (${problems.map((p) => `${p.field}: ${p.code}`).join(', ')})`,
    }
  return null
}
