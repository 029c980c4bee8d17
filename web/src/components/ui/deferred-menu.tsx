import {
  type ComponentProps,
  cloneElement,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react'

/**
 * A menu whose code loads when it is first used instead of with the page. The header of every page
 * shows a menu trigger (language, account), but the Radix dropdown behind it (positioning, focus
 * trapping, dismissal: about 25 KiB compressed) is needed only once it opens.
 *
 * `trigger` is drawn at once. Pointing at it or focusing it starts loading (`preload`); the first
 * press (pointer, Enter, Space or ArrowDown) renders `children`, the real menu with the same trigger
 * and `defaultOpen`, which opens as soon as its code is there. From then on the real menu is in
 * place and works as any other.
 */
export function DeferredMenu({
  trigger,
  preload,
  children,
}: {
  trigger: ReactElement<ComponentProps<'button'>>
  preload: () => unknown
  children: ReactNode
}) {
  const [used, setUsed] = useState(false)
  if (used) return <Suspense fallback={trigger}>{children}</Suspense>
  const open = () => {
    preload()
    setUsed(true)
  }
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => preload(),
    onFocus: () => preload(),
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      // As the Radix trigger does: the left button without Ctrl opens; focus stays for the menu.
      if (event.button !== 0 || event.ctrlKey) return
      event.preventDefault()
      open()
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return
      event.preventDefault()
      open()
    },
  })
}
