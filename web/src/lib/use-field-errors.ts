import type { I18n, MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { useCallback } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError, type FieldIssue } from './api.ts'
import { fieldIssueMessage } from './api-messages.ts'

export interface FieldErrorOptions<T extends FieldValues> {
  /**
   * The input an API field (`email`, `values.0.value`) is shown under, or undefined when this form
   * has none for it; `issue` for a form that places one field's problems by their code. By default
   * the input of the same name, when the form has one.
   */
  fieldOf?: (path: string, issue: FieldIssue) => Path<T> | undefined
  /** The form's own words for a problem of an API field (`path`), e.g. the specification's wording. */
  wording?: (issue: FieldIssue, path: string) => MessageDescriptor | undefined
}

/**
 * Where the problems go: a react-hook-form form (`useForm()`'s answer), or a form of its own with
 * the same two methods (the sign-in page).
 */
export interface FieldErrorTarget<T extends FieldValues> {
  getValues(): object
  setError(name: Path<T>, error: { type: string; message: string }, options?: { shouldFocus?: boolean }): void
}

/** What putting an error's field problems did: any shown, and how many had no input here. */
export interface FieldErrorsShown {
  shown: boolean
  unplaced: number
}

/**
 * The one way a form shows the API's per-field refusals (a 400's `fields`, as codes): each under
 * its input, in the reader's language (`fieldIssueMessage`, or the form's own `wording`), the
 * first one focused. Answers whether any was shown and how many had no input in this form, so
 * the caller knows whether a general message is still needed.
 */
export function useFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  options?: FieldErrorOptions<T>,
): (error: unknown) => FieldErrorsShown
export function useFieldErrors<T extends FieldValues>(
  form: FieldErrorTarget<T>,
  options?: FieldErrorOptions<T>,
): (error: unknown) => FieldErrorsShown
export function useFieldErrors<T extends FieldValues>(
  form: FieldErrorTarget<T>,
  options: FieldErrorOptions<T> = {},
): (error: unknown) => FieldErrorsShown {
  const { i18n } = useLingui()
  const { fieldOf, wording } = options
  return useCallback(
    (error: unknown) => placeFieldErrors(error, form, { fieldOf, wording }, i18n),
    [form, fieldOf, wording, i18n],
  )
}

/**
 * What `useFieldErrors` does, as a plain function: for a form that loads it only when the API has
 * refused something (the sign-in page keeps it out of its first load).
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  form: FieldErrorTarget<T>,
  { fieldOf, wording }: FieldErrorOptions<T>,
  i18n: I18n,
): FieldErrorsShown {
  const result: FieldErrorsShown = { shown: false, unplaced: 0 }
  if (!(error instanceof ApiError)) return result
  const names = new Set(Object.keys(form.getValues() ?? {}))
  const inputOf = fieldOf ?? ((path: string) => (names.has(path) ? (path as Path<T>) : undefined))
  for (const [path, issues] of Object.entries(error.fields)) {
    const issue = issues[0]
    if (!issue) continue
    const field = inputOf(path, issue)
    if (!field) {
      result.unplaced++
      continue
    }
    const words = wording?.(issue, path) ?? fieldIssueMessage(issue, i18n.locale)
    // `FormMessage` translates an id live; a message with numbers is put in words now.
    const message = words.values && Object.keys(words.values).length ? i18n._(words) : words.id
    form.setError(field, { type: 'server', message }, { shouldFocus: !result.shown })
    result.shown = true
  }
  return result
}
