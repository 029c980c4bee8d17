import { describe, expect, it } from 'vitest'
import {
  dateOrder,
  datePlaceholder,
  formatDateInput,
  isoToLocalDate,
  localDateToIso,
  parseDateInput,
} from './date-input.ts'

describe('date input', () => {
  it('shows a date in each language’s numeric notation', () => {
    expect(formatDateInput('2026-03-05', 'nl')).toBe('05-03-2026')
    expect(formatDateInput('2026-03-05', 'en')).toBe('05/03/2026')
    expect(formatDateInput('2026-03-05', 'de')).toBe('05.03.2026')
    expect(formatDateInput('2026-03-05', 'ru')).toBe('05.03.2026')
    expect(formatDateInput('2026-03-05', 'uk')).toBe('05.03.2026')
    expect(dateOrder('en')).toEqual(['day', 'month', 'year'])
  })

  it('shows the language’s date pattern as a placeholder, not a date that looks set', () => {
    expect(datePlaceholder('nl')).toBe('dd-mm-jjjj')
    expect(datePlaceholder('en')).toBe('dd/mm/yyyy')
    expect(datePlaceholder('de')).toBe('TT.MM.JJJJ')
    expect(datePlaceholder('ru')).toBe('ДД.ММ.ГГГГ')
    expect(datePlaceholder('uk')).toBe('ДД.ММ.РРРР')
  })

  it('shows nothing for no date or a date that does not exist', () => {
    expect(formatDateInput(undefined, 'nl')).toBe('')
    expect(formatDateInput('2026-02-30', 'nl')).toBe('')
    expect(formatDateInput('yesterday', 'nl')).toBe('')
  })

  it('reads what was typed in the language’s order, and YYYY-MM-DD always', () => {
    expect(parseDateInput('5-3-2026', 'nl')).toBe('2026-03-05')
    expect(parseDateInput('05.03.2026', 'de')).toBe('2026-03-05')
    expect(parseDateInput('5/3/26', 'en')).toBe('2026-03-05')
    expect(parseDateInput('05 03 2026', 'ru')).toBe('2026-03-05')
    expect(parseDateInput('2026-03-05', 'uk')).toBe('2026-03-05')
    expect(parseDateInput(' 2026-3-5 ', 'nl')).toBe('2026-03-05')
  })

  it('tells an empty field from a date that is not complete or not real', () => {
    expect(parseDateInput('', 'nl')).toBeUndefined()
    expect(parseDateInput('  ', 'nl')).toBeUndefined()
    expect(parseDateInput('5-3-202', 'nl')).toBeNull()
    expect(parseDateInput('5-3', 'nl')).toBeNull()
    expect(parseDateInput('30-02-2026', 'nl')).toBeNull()
    expect(parseDateInput('13/13/2026', 'en')).toBeNull()
    expect(parseDateInput('2026-13-01', 'nl')).toBeNull()
  })

  it('turns a calendar day into YYYY-MM-DD and back without a time-zone shift', () => {
    const day = isoToLocalDate('2026-03-29')!
    expect(day.getDate()).toBe(29)
    expect(localDateToIso(day)).toBe('2026-03-29')
    expect(isoToLocalDate('nonsense')).toBeUndefined()
  })
})
