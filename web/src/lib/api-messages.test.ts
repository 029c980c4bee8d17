import { describe, expect, it, vi } from 'vitest'

// Lingui's macros are compiled only by the app's build: here a message is its source text.
vi.mock('@lingui/core/macro', () => ({
  msg: (strings: TemplateStringsArray) => ({ id: strings.join('{}') }),
  plural: () => '',
}))

const { ApiError } = await import('./api.ts')
const { describeApiError, fieldIssueMessage } = await import('./api-messages.ts')
const { installPortalWordings } = await import('./portal-api-messages.ts')

/**
 * The portal's own refusal codes are worded in portal-api-messages.ts, with their texts in the
 * portal's catalog (lib/i18n.ts loads both together): before that a portal code still reads as
 * words of the common catalog, never the API's English; after it as its own words. A guest's codes
 * stay in the common catalog.
 */
const refusal = (reason?: 'not_food_court' | 'restaurant_not_in_court') =>
  new ApiError({ status: 422, code: 'business_rule', message: 'English words', reason })

describe('API codes → words across the common and the portal catalogs', () => {
  it('words a portal code generically until the portal is loaded, then as its own', () => {
    expect(fieldIssueMessage({ code: 'invalid_fee', params: {} }, 'nl').id).toBe('This value is not valid')
    expect(describeApiError(refusal('not_food_court')).id).toBe('This is not possible at the moment.')
    installPortalWordings()
    expect(fieldIssueMessage({ code: 'invalid_fee', params: {} }, 'nl').id).toBe('Enter a fee such as 2,50.')
    expect(describeApiError(refusal('not_food_court')).id).toBe('This is not a food court.')
  })

  it("words a guest's code from the common catalog without the portal", () => {
    expect(describeApiError(refusal('restaurant_not_in_court')).id).toBe(
      'A restaurant in your basket is no longer part of this food court.',
    )
    expect(fieldIssueMessage({ code: 'product_unknown', params: {} }, 'nl').id).toBe('Unknown product.')
    expect(describeApiError(refusal()).id).not.toContain('English')
  })
})
