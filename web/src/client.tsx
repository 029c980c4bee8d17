import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

/**
 * The browser entry: TanStack Start's own (hydrate the server's document), except that it first
 * lets the browser paint that document. An async module script that arrives with the stylesheet
 * otherwise hydrates before the first frame, and the page's largest picture waits for the whole of
 * hydration (and its chunks) to be painted; the server's HTML is complete and its links work
 * without JavaScript. `requestAnimationFrame` runs once rendering is unblocked (the stylesheet
 * is in), just before that paint; the timeout after it runs once the frame is out. Hidden tabs do
 * not paint, so they hydrate at once. (docs/food.md, "Speed": Lighthouse's LCP.)
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <StartClient />
      </StrictMode>,
    )
  })
}

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(hydrate, 0))
else hydrate()
