import { type Caller, isAcceptor } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { activeAcceptorProgramsQuery, programFactsQuery, programTypes, stepOf } from '../../programs/index.ts'
import { findImages } from '../db/files.ts'
import { type ImageJson, imageJson } from '../files.ts'

/** A food program in the owner's (or staff's) list: what it is, its state and its picture. */
export interface FoodProgramItem {
  uuid: string
  title: string
  description: string
  status: number
  step: 0 | 1 | 2 | null
  currency: string
  image: ImageJson | null
  address: string
  created: string
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * `GET food/programs`: an owner's own food programs, an acceptor's the restaurants they work at
 * now (active), newest first, optionally by part of the title.
 */
export async function listFoodPrograms(
  db: DbOrTrx,
  me: Caller,
  query: PageRequest & { search?: string | undefined },
): Promise<{ count: number; rows: FoodProgramItem[] }> {
  let q = db
    .selectFrom(programFactsQuery(db).as('p'))
    .leftJoin('food_restaurants as r', 'r.program_id', 'p.id')
    .where('p.type', '=', programTypes.foodsManagement)
  q = isAcceptor(me)
    ? q.where('p.id', 'in', activeAcceptorProgramsQuery(db, me.user_id))
    : q.where('p.owner_user_id', '=', me.user_id)
  if (query.search) q = q.where('p.title', 'ilike', likePattern(query.search))
  const [rows, total] = await Promise.all([
    q
      .select([
        'p.id',
        'p.title',
        'p.description',
        'p.status',
        'p.currency',
        'p.created_at',
        'r.image_id',
        'r.address',
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(query.size)
      .offset(pageOffset(query))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  const images = await findImages(
    db,
    rows.flatMap((r) => (r.image_id ? [r.image_id] : [])),
  )
  return {
    count: Number(total.count),
    rows: rows.map((r) => {
      const image = r.image_id ? images.get(r.image_id) : undefined
      return {
        uuid: r.id,
        title: r.title,
        description: r.description,
        status: r.status,
        step: stepOf(r.status),
        currency: r.currency,
        image: image ? imageJson(image) : null,
        address: r.address ?? '',
        created: r.created_at.toISOString(),
      }
    }),
  }
}
