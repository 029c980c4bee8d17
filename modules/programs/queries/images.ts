import type { DbOrTrx } from '../../platform/db.ts'
import { findProgramImage } from '../db/images.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Where an uploaded image is served (public: `GET manager/commons/images/{file}`). */
export const programImageUrl = (file: string) => `/api/v1/manager/commons/images/${file}`

/** What other modules (a card's picture) read about an image uploaded through `manager/commons/images`. */
export interface ProgramImageSummary {
  uuid: string
  url: string
  owner_user_id: string
  width: number
  height: number
}

export async function programImage(db: DbOrTrx, uuid: string): Promise<ProgramImageSummary | undefined> {
  if (!uuidPattern.test(uuid)) return undefined
  const row = await findProgramImage(db, uuid)
  return (
    row && {
      uuid: row.id,
      url: programImageUrl(row.file),
      owner_user_id: row.owner_user_id,
      width: row.width,
      height: row.height,
    }
  )
}
