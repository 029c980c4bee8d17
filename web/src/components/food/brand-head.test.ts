import { describe, expect, it } from 'vitest'
import { brandHead } from './brand.ts'
import { platformThemeColor, themeColor } from './brand-of-page.ts'
import type { FoodBrand } from './queries.ts'

const brand = {
  theme: { color: '#e63946', colors: [] },
  seo_title: 'De Hoek',
  seo_description: '',
  seo_keywords: '',
  seo_language: '',
  google_analytics_id: '',
  favicon_logo: null,
  restaurant: { title: 'De Hoek' },
} as unknown as FoodBrand

describe('the page’s theme colour', () => {
  it('is one tag: the root’s, the brand’s colour on its domain, else the platform’s', () => {
    expect(themeColor(brand)).toBe('#e63946')
    expect(themeColor(null)).toBe(platformThemeColor)
    expect(themeColor({ ...brand, theme: { ...brand.theme, color: 'red;}' } })).toBe(platformThemeColor)
    // The brand's head adds none of its own beside the root's.
    expect(brandHead(brand).meta.filter((m) => m.name === 'theme-color')).toEqual([])
  })
})
