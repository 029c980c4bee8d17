import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * `/food-court/{court}/cart/{session}`: where a failed court payment sends the guest (the API's
 * `next`): the court's page, whose basket is the device's session.
 */
export const Route = createFileRoute('/_dynamic/_food-orders/food-court/$court/cart/$session')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/food/court', search: { uuid: params.court }, replace: true })
  },
})
