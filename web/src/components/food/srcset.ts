/** The `sizes` of a dish's picture in the menu's rows (a 96 px tile). */
export const dishPictureSizes = '96px'

/**
 * The `srcset` candidates a box of a fixed width (`sizes="96px"`) can use: up to the first one at
 * least twice as wide (screens of 2× and 3× take that one). A menu of 200 dishes in 96 px tiles
 * otherwise names a 640 px picture 200 times in every page (docs/food.md, "Speed").
 */
export function fittingSrcset(srcset: string, sizes: string): string {
  const fixed = /^(\d+)px$/.exec(sizes.trim())
  if (!fixed || !srcset) return srcset
  const needed = 2 * Number(fixed[1])
  const kept: string[] = []
  for (const candidate of srcset.split(',').map((c) => c.trim())) {
    kept.push(candidate)
    const width = Number.parseInt(candidate.split(/\s+/)[1] ?? '', 10)
    if (width >= needed) break
  }
  return kept.join(', ')
}
