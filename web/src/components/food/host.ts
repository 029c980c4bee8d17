import { createIsomorphicFn } from '@tanstack/react-start'

/**
 * The host the page is served on (`dehoek.localhost:3000`): a restaurant's own domain shows the
 * guest pages in its brand (docs/food.md, "Domain → brand"). The server reads the request's Host
 * header; the browser its address bar.
 */
export const pageHost = createIsomorphicFn()
  .server(async (): Promise<string> => {
    const { requestHost } = await import('./host.server.ts')
    return requestHost()
  })
  .client(async (): Promise<string> => window.location.host)
