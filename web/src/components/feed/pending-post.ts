/**
 * sessionStorage key under which a post a guest wanted to like or comment on (or a `/post/{url}`
 * link) is kept, so that signing in leads back to it: only this tab, used once.
 */
export const pendingPostKey = 'postLink'

const urlPattern = /^[\p{L}\p{N}_-]{1,120}$/u

export function rememberPendingPost(url: string): void {
  try {
    if (urlPattern.test(url)) sessionStorage.setItem(pendingPostKey, url)
  } catch {
    // Storage unavailable: signing in leads to the portal's home instead.
  }
}

/** The post kept for after signing in, used once. */
export function takePendingPost(): string | null {
  try {
    const url = sessionStorage.getItem(pendingPostKey)
    sessionStorage.removeItem(pendingPostKey)
    return url && urlPattern.test(url) ? url : null
  } catch {
    return null
  }
}
