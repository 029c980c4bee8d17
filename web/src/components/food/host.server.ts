import { getRequestHeader } from '@tanstack/react-start/server'

/** The Host header of the request being rendered (empty when there is none). */
export function requestHost(): string {
  return getRequestHeader('host') ?? ''
}
