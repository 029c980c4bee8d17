import {
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
} from 'react'

/**
 * Renders its one child element with the slot's props merged in: how `asChild` lends a component's
 * look and wiring to the child (a router link styled as a button, the input of a form field). As
 * Radix's Slot merges them, which it replaces here to keep Radix out of the entry chunk: the child's
 * props win, except that event handlers both run (the child's first), styles merge, class names and
 * `aria-describedby` ids join, and both refs get the element. One element child, no `Slottable`.
 */
export type SlotProps = HTMLAttributes<HTMLElement> & {
  children?: ReactNode
  ref?: Ref<HTMLElement>
}

type Element = ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>

export function Slot({ children, ref, ...slotProps }: SlotProps) {
  const child = isValidElement(children) ? (children as Element) : null
  const composed = useComposedRef(ref, child?.props.ref)
  if (!child) {
    if (children == null || children === false) return null
    throw new Error('Slot takes one element as its child')
  }
  return cloneElement(child, { ...mergeProps(slotProps, child.props), ref: composed })
}

function mergeProps(slot: Record<string, unknown>, child: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...slot, ...child }
  for (const name of Object.keys(child)) {
    const ours = slot[name]
    const theirs = child[name]
    if (/^on[A-Z]/.test(name) && typeof ours === 'function' && typeof theirs === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result = theirs(...args)
        ours(...args)
        return result
      }
    } else if (/^on[A-Z]/.test(name) && theirs === undefined) {
      merged[name] = ours
    } else if (name === 'style') {
      merged.style = { ...(ours as object), ...(theirs as object) }
    } else if (name === 'className') {
      merged.className = [ours, theirs].filter(Boolean).join(' ')
    } else if (name === 'aria-describedby') {
      const ids = new Set([theirs, ours].flatMap((v) => (typeof v === 'string' ? v.trim().split(/\s+/) : [])))
      ids.delete('')
      merged[name] = ids.size ? [...ids].join(' ') : undefined
    }
  }
  return merged
}

type RefCleanup = (() => void) | undefined

function setRef<T>(ref: Ref<T> | undefined, value: T | null): RefCleanup | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(value)
    return typeof cleanup === 'function' ? cleanup : undefined
  }
  if (ref) ref.current = value
  return undefined
}

/** One ref callback that gives the element to both refs (and cleans up after both, React 19). */
function useComposedRef<T>(a: Ref<T> | undefined, b: Ref<T> | undefined) {
  return useCallback(
    (node: T | null) => {
      const cleanups = [setRef(a, node), setRef(b, node)]
      if (!cleanups.some(Boolean)) return undefined
      return () => {
        for (const [i, cleanup] of cleanups.entries()) {
          if (cleanup) cleanup()
          else setRef(i === 0 ? a : b, null)
        }
      }
    },
    [a, b],
  )
}
