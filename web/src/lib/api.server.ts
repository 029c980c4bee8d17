import { getRequestHeader } from '@tanstack/react-start/server'

/**
 * API calls made while rendering on the server go over loopback to the API process, carrying the
 * browser's Cookie header so the API sees the same session the browser has.
 *
 * Why loopback and not an in-process call: the page renderer is a separate bundle
 * (`web/dist/server/server.js`) that the API process loads, and in watch mode it even runs in
 * another process (Vite), so it has no handle on the Hono app. `API_ORIGIN` (set by the launcher for
 * Vite) or the process's own `PORT` reaches the API in both cases. The request's Host header is
 * never used as the target: a forged Host must not make the server send cookies elsewhere.
 */
export function serverApiOrigin(): string {
  return process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
}

/** Request headers passed on to the API: the session cookie and the visitor's language and agent. */
const forwarded = ['cookie', 'accept-language', 'user-agent'] as const

export async function serverFetch(url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers)
  for (const name of forwarded) {
    const value = getRequestHeader(name)
    if (value && !headers.has(name)) headers.set(name, value)
  }
  return fetch(`${serverApiOrigin()}${url}`, { ...init, headers, credentials: undefined })
}

/** The value of one cookie of the request being rendered. */
export function requestCookie(name: string): string | undefined {
  const header = getRequestHeader('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name)
      return decodeURIComponent(part.slice(index + 1).trim())
  }
  return undefined
}
