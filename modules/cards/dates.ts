/** The platform's business calendar, as cards use it (`modules/platform/dates.ts`). */
export {
  endOfDay,
  isCalendarDate,
  nextDate,
  startOfDay,
  zonedDate,
} from '../platform/dates.ts'
