import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * A placeholder that reads as an example, not as a value already filled in: "e.g. 25.00" instead
 * of a grey "25.00" (or "0") that a reader takes for the field's value.
 */
export function examplePlaceholder(i18n: I18n, example: string): string {
  return i18n._(msg`e.g. ${example}`)
}
