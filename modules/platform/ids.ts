import { v7 } from 'uuid'

/** A new time-ordered UUID (v7): unique without coordination and index-friendly as a primary key. */
export function newId(): string {
  return v7()
}
