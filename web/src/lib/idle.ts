/**
 * Runs `work` once the browser has nothing more urgent to do (at the latest after `timeout` ms),
 * rather than in the task that hydrates the page: a page answers a tap sooner when what can wait
 * does. Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, 50)
  return () => clearTimeout(id)
}
