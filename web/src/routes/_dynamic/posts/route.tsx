import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * The feed (spec sections 1–2 of food.md: `/posts`, `/posts/filters`, `/posts/{url}`,
 * `/posts/tags/{tag}` on every portal). In the dynamic layout: signed-in users see it in their
 * portal's frame, guests read the public posts in the guest frame (spec section 6: guests may read
 * posts but must sign in to like or comment). Its texts are in the portal catalog.
 */
export const Route = createFileRoute('/_dynamic/posts')({
  beforeLoad: async ({ context }) => {
    if (context.session) requireScreen(context.portal, '/posts')
    await loadCatalogArea(context.i18n, 'portal')
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/posts'].label),
})
