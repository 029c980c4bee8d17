import { describe, expect, it } from 'vitest'
import { filterOptions } from './autocomplete-filter.ts'

const countries = ['Netherlands', 'Germany', 'Ukraine', 'United Kingdom', 'New Zealand']
const label = (s: string) => s

describe('autocomplete filter (spec section 5)', () => {
  it('matches a case-insensitive substring of the display field', () => {
    expect(filterOptions(countries, 'LAND', label).options).toEqual(['Netherlands', 'New Zealand'])
    expect(filterOptions(countries, 'ger', label).matches).toEqual(['Germany'])
  })

  it('shows the full list when restricted to known items and nothing matches', () => {
    const result = filterOptions(countries, 'xyz', label)
    expect(result).toEqual({ options: countries, matches: [], showingAll: true })
  })

  it('shows nothing when free text is allowed and nothing matches', () => {
    expect(filterOptions(countries, 'xyz', label, false)).toEqual({
      options: [],
      matches: [],
      showingAll: false,
    })
  })

  it('shows everything for an empty query', () => {
    expect(filterOptions(countries, '  ', label).options).toEqual(countries)
  })
})
