import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether the element's content is wider than the element (it scrolls sideways), and whether more
 * of it lies to the left or the right of what is shown, kept up to date. With `reveal`, a selector
 * of the chosen item (an active tab), that item is scrolled into the row's view once, so a phone
 * never opens a screen with its own tab off the edge.
 */
export function useScrollEdges(
  ref: RefObject<HTMLElement | null>,
  reveal?: string,
): { scrolls: boolean; moreLeft: boolean; moreRight: boolean } {
  const [state, setState] = useState({ scrolls: false, moreLeft: false, moreRight: false })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const chosen = reveal ? element.querySelector<HTMLElement>(reveal) : null
    if (chosen && element.scrollWidth > element.clientWidth + 1) {
      const box = element.getBoundingClientRect()
      const item = chosen.getBoundingClientRect()
      if (item.right > box.right || item.left < box.left) {
        element.scrollLeft += item.left - box.left - (box.width - item.width) / 2
      }
    }
    const check = () => {
      const scrolls = element.scrollWidth > element.clientWidth + 1
      const moreLeft = scrolls && element.scrollLeft > 1
      const moreRight = scrolls && element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setState((old) =>
        old.scrolls === scrolls && old.moreLeft === moreLeft && old.moreRight === moreRight
          ? old
          : { scrolls, moreLeft, moreRight },
      )
    }
    check()
    const observer = new ResizeObserver(check)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    element.addEventListener('scroll', check, { passive: true })
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', check)
    }
  }, [ref, reveal])
  return state
}

/** The attributes that make `.scroll-edges` (styles/app.css) fade the edges beyond which more lies. */
export function edgeAttributes(state: { moreLeft: boolean; moreRight: boolean }) {
  return { 'data-more-left': state.moreLeft || undefined, 'data-more-right': state.moreRight || undefined }
}
