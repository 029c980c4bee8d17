import { createFileRoute } from '@tanstack/react-router'
import { PlatformProviderPage } from '~/components/finances/platform-provider-page.tsx'

/**
 * `/finances/provider`: the platform's own payment provider account, which takes card orders and
 * payment links outside programs, and the form that saves its keys.
 */
export const Route = createFileRoute('/_portal/finances/provider')({
  component: PlatformProviderPage,
})
