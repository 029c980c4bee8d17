export interface FilteredOptions<T> {
  /** What the list shows. */
  options: readonly T[]
  /** Items whose label contains the query; an Enter with exactly one of them selects it. */
  matches: readonly T[]
  /** Nothing matched and the input is restricted to known items, so the whole list is shown. */
  showingAll: boolean
}

/**
 * The autocomplete rule of the specification (section 5): a case-insensitive substring match on the
 * display field; when restricted to known items and nothing matches, the full list is shown.
 */
export function filterOptions<T>(
  items: readonly T[],
  query: string,
  getLabel: (item: T) => string,
  restricted = true,
): FilteredOptions<T> {
  const q = query.trim().toLocaleLowerCase()
  if (!q) return { options: items, matches: items, showingAll: false }
  const matches = items.filter((item) => getLabel(item).toLocaleLowerCase().includes(q))
  if (matches.length === 0 && restricted) return { options: items, matches, showingAll: true }
  return { options: matches, matches, showingAll: false }
}
