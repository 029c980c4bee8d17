import { z } from '../../platform/http.ts'
import { currencyCode } from '../../platform/money.ts'

const text = (max: number) => z.string().max(max, `at most ${max} characters`)
const money = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description} (minor units)` })

/** A court program's uuid in the body or query (spec: `program_uuid`). */
export const courtUuid = z
  .uuid('not a food court id')
  .openapi({ description: 'The food court (program type 5001)' })
export const restaurantUuid = z
  .uuid('not a restaurant id')
  .openapi({ description: 'A food program (type 4001)' })

// ── The court (wizard step 1) ────────────────────────────────────────────────────────────────────

/** Every field of the court (spec section 3 "Food court"); the rules are in `../rules.ts`. */
export const courtFields = {
  title: text(200),
  description: text(5000),
  currency: currencyCode.optional().openapi({ description: 'Default EUR; fixed once the program is active' }),
  image: z.string().max(64).nullable().optional().openapi({
    description: 'An image uploaded with POST food/programs/images (required for a new court)',
  }),
  address: text(255)
    .optional()
    .openapi({ description: 'Required unless pickup in the restaurants is allowed' }),
  phone: text(32).optional(),
  can_pickup_in_rest: z.boolean().optional(),
  time_zone: text(64).optional().openapi({ description: 'IANA zone, default Europe/Amsterdam' }),
  domain_name: text(253).nullable().optional().openapi({
    description: 'The court’s guest pages answer on this host; unique among courts and restaurants',
  }),
  food_court_min_order_amount: z.number().int().min(0).max(100_000_000).optional().openapi({
    description: 'The court’s minimum for the whole cart (minor units), besides each restaurant’s own',
  }),
  split_payment_fee_percent: z.union([z.number(), z.string()]).nullable().optional().openapi({
    description:
      'Court fee in percent, 0–100, up to 2 decimals (`2.5`, "2,5"); only one of percent and fixed',
  }),
  split_payment_fee_fixed: z.union([z.number().int(), z.string()]).nullable().optional().openapi({
    description: 'Court fee per order, minor units (250) or as typed ("2,50"); only one of percent and fixed',
  }),
  super_merchant_username: text(255).optional().openapi({
    description: 'The court’s account at the payment provider (the super merchant)',
  }),
  super_merchant_password: text(255).optional().openapi({ description: 'Write only; never answered' }),
  external_reference: text(255).optional(),
  payout_after_days: z.number().int().min(1).max(60).optional().openapi({
    description: 'Fallback: a part not delivered is paid out this many days after payment (default 7)',
  }),
}

export const courtInput = z.object(courtFields).strict().openapi('FoodCourtInput')
export const courtChange = z
  .object({
    ...courtFields,
    title: courtFields.title.optional(),
    description: courtFields.description.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change')
  .openapi('FoodCourtChange')

export const courtSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z
      .number()
      .int()
      .openapi({ description: 'Program status (11001 active, 11002–11004 draft steps, …)' }),
    currency: z.string(),
    image: z.string().nullable().openapi({ description: 'Image uuid' }),
    image_url: z.string().nullable(),
    address: z.string(),
    phone: z.string(),
    can_pickup_in_rest: z.boolean(),
    time_zone: z.string(),
    domain_name: z.string().nullable(),
    food_court_min_order_amount: money('Court minimum'),
    split_payment_fee_percent: z.number().nullable().openapi({ description: 'Percent, e.g. 2.5' }),
    split_payment_fee_fixed: z.number().int().nullable().openapi({ description: 'Minor units' }),
    super_merchant_username: z.string(),
    has_super_merchant_password: z.boolean(),
    external_reference: z.string(),
    payout_after_days: z.number().int(),
    provider: z.string().openapi({ description: 'Payment provider of the splits: sandbox, ccv, stripe' }),
    restaurants_count: z.number().int().openapi({ description: 'Active invitations' }),
    restaurants_not_onboarded: z.number().int().openapi({
      description:
        'Active invitations whose onboarding is not complete: hidden from the cart (a note for the owner)',
    }),
  })
  .openapi('FoodCourt')

export const courtItemSchema = courtSchema
  .pick({
    uuid: true,
    title: true,
    status: true,
    currency: true,
    image_url: true,
    domain_name: true,
    restaurants_count: true,
  })
  .openapi('FoodCourtItem')

// ── Invitations ──────────────────────────────────────────────────────────────────────────────────

export const inviteStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).openapi({
  description: '0 unsent, 1 pending, 2 active, 3 declined',
})
export const inviteFilter = z.enum(['all', 'active', 'pending', 'declined'])
export const onboardingStatus = z.enum(['none', 'pending', 'active', 'failed']).openapi({
  description: 'The restaurant’s merchant onboarding at the provider (`ccvpay_status`)',
})

/** A restaurant as the court owner sees it in the invite lists (spec "Invite"). */
export const inviteSchema = z
  .object({
    invite_uuid: z
      .uuid()
      .nullable()
      .openapi({ description: 'null: never invited (status 0 in the all list)' }),
    program_uuid: z.uuid().openapi({ description: 'The restaurant' }),
    title: z.string(),
    image_url: z.string().nullable(),
    address: z.string(),
    domain_name: z.string().nullable().openapi({ description: 'The restaurant’s own domain' }),
    owner_email: z.string(),
    status: inviteStatus,
    ccvpay_url: z
      .string()
      .nullable()
      .openapi({ description: 'Where the restaurant finishes onboarding while pending' }),
    ccvpay_status: onboardingStatus,
    is_split_payments_enabled: z
      .boolean()
      .openapi({ description: 'Active and onboarded: shown to guests, paid out' }),
    updated_at: z.iso.datetime().nullable(),
  })
  .openapi('FoodCourtInvite')

export const inviteCountsSchema = z
  .object({ active: z.number().int(), pending: z.number().int(), declined: z.number().int() })
  .openapi('FoodCourtInviteCounts')

/** The restaurant's side: an invitation with the court's terms. */
export const invitationSchema = z
  .object({
    invite_uuid: z.uuid(),
    restaurant_uuid: z.uuid(),
    restaurant_title: z.string(),
    court: z.object({
      uuid: z.uuid(),
      title: z.string(),
      description: z.string(),
      image_url: z.string().nullable(),
      address: z.string(),
      domain_name: z.string().nullable(),
      currency: z.string(),
      food_court_min_order_amount: z.number().int(),
      split_payment_fee_percent: z.number().nullable(),
      split_payment_fee_fixed: z.number().int().nullable(),
      payout_after_days: z.number().int(),
      owner_name: z.string(),
    }),
    status: inviteStatus,
    ccvpay_url: z.string().nullable(),
    ccvpay_status: onboardingStatus,
    is_split_payments_enabled: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('FoodCourtInvitation')

export const onboardingSchema = z
  .object({
    invite_uuid: z.uuid(),
    status: inviteStatus,
    ccvpay_status: onboardingStatus,
    ccvpay_url: z
      .string()
      .nullable()
      .openapi({ description: 'Redirect the restaurant here (step 3) while pending' }),
    is_split_payments_enabled: z.boolean(),
    step: z.union([z.literal(2), z.literal(3), z.literal(4)]).openapi({
      description:
        'Accept flow: 2 processing, 3 success (go to ccvpay_url, or done when active), 4 failure (the invitation was reset to pending: retry)',
    }),
  })
  .openapi('FoodCourtOnboarding')

// ── Guests: the court, its restaurants, the cart, checkout ──────────────────────────────────────

export const courtRestaurantSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    image_url: z.string().nullable(),
    address: z.string(),
    min_order_amount: z.number().int(),
    currency: z.string(),
    closed: z.boolean(),
    closed_reason: z.string().nullable(),
    opened_at: z.string().nullable(),
    closed_at: z.string().nullable(),
    can_pickup_in_rest: z.boolean(),
    path: z.string().openapi({ description: 'The restaurant’s menu page: /food/place/{uuid}' }),
  })
  .openapi('FoodCourtRestaurant')

export const courtGuestSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    image_url: z.string().nullable(),
    address: z.string(),
    domain_name: z.string().nullable(),
    currency: z.string(),
    food_court_min_order_amount: z.number().int(),
    can_pickup_in_rest: z.boolean(),
    restaurants: z.array(courtRestaurantSchema),
  })
  .openapi('FoodCourtGuest')

const cartLine = z.object({
  line_id: z.uuid(),
  product_id: z.uuid(),
  title: z.string(),
  quantity: z.number().int(),
  product_variant: z.object({ uuid: z.uuid(), title: z.string(), price: z.number().int() }).nullable(),
  product_extras: z.array(
    z.object({ uuid: z.uuid(), title: z.string(), price: z.number().int(), checked: z.literal(true) }),
  ),
  unit_price: z.number().int(),
  price: z.number().int(),
  vat_code: z.string(),
})

/** The court's cart: food's basket (`GET food/basket/{session}`) narrowed to the court, with its minimum. */
export const courtCartSchema = z
  .object({
    session: z.uuid(),
    court_uuid: z.uuid(),
    currency: z.string(),
    restaurants: z.array(
      z.object({
        details: z.object({
          uuid: z.uuid(),
          title: z.string(),
          address: z.string(),
          currency: z.string(),
          can_pickup_in_rest: z.boolean(),
          pickup_fee_heading: z.string(),
          pickup_fee: z.number().int().nullable(),
          min_order_amount: z.number().int(),
          food_court_min_order_amount: z.number().int(),
          privacy_pdf_url: z.string().nullable(),
          tc_pdf_url: z.string().nullable(),
          closed: z.boolean(),
          closed_message: z.string().nullable(),
          closed_reason: z.string().nullable(),
          closed_at: z.string().nullable(),
          default_asap: z.boolean(),
        }),
        products: z.array(cartLine),
        order: z.object({
          can_order: z.boolean(),
          refusal: z.string().nullable().openapi({
            description:
              'Why not, an error reason to word (min_order_amount, closed_now, outside_delivery_area, …)',
          }),
          products: z.number().int().openapi({ description: 'Products total' }),
          delivery: z.number().int().nullable(),
          pickup_fee: z.number().int(),
          total: z.number().int(),
          vat: z.number().int(),
          restaurant_available: z.boolean(),
        }),
      }),
    ),
    food_court_min_order_amount: z.number().int(),
    products_total: z.number().int(),
    total: z.number().int(),
    can_order: z.boolean(),
    reason: z.string().nullable().openapi({
      description:
        "Why the cart cannot be checked out: basket_is_empty, a restaurant's refusal, or min_order_amount (the court's)",
    }),
    lines_elsewhere: z.number().int().openapi({
      description:
        'Basket lines of restaurants not (or no longer) in this court: left out of the cart and checkout',
    }),
  })
  .openapi('FoodCourtCart')

export const courtCheckoutBody = z
  .object({
    court_uuid: courtUuid,
    pickup_in_restaurant: z.boolean().optional(),
    delivery_asap: z.boolean().default(true),
    name: text(200).min(1, 'This field is required'),
    phone: text(32).min(1, 'This field is required'),
    email: z.email('Email address is not valid'),
    comment: text(1000).optional(),
    accept_terms: z.boolean(),
    accept_privacy: z.boolean(),
    payment_method: z.string().max(32),
    language: z.enum(['nl', 'en', 'de', 'ru', 'uk']).optional(),
  })
  .strict()
  .openapi('FoodCourtCheckout')

export const subOrderSchema = z
  .object({
    uuid: z.uuid().openapi({ description: 'The sub-order: a food order of the restaurant' }),
    order_id: z.number().int(),
    restaurant_uuid: z.uuid(),
    restaurant_title: z.string(),
    order_status: z.number().int().min(1).max(8),
    status_name: z.string(),
    products_total: z.number().int(),
    delivery_cost: z.number().int(),
    total: z.number().int().openapi({ description: 'Gross of this restaurant (what the guest paid for it)' }),
    food_court_fee: z.number().int().openapi({ description: 'The court fee taken from this part' }),
    payout_amount: z.number().int().openapi({ description: 'What the restaurant receives: total − fee' }),
    part_status: z.enum(['created', 'held', 'releasing', 'paid_out', 'refunding', 'refunded', 'failed']),
    rejected: z.boolean().openapi({
      description:
        'The restaurant rejected its part: refunded to the guest (part_status refunding or refunded), off its kitchen board',
    }),
    paid_out_at: z.iso.datetime().nullable(),
    refunded_at: z.iso.datetime().nullable(),
    items: z.array(
      z.object({
        kind: z.string().openapi({
          description: 'product, or a fee line: delivery, pickup_fee (name it in the reader’s words)',
        }),
        title: z.string(),
        quantity: z.number().int(),
        price: z.number().int(),
      }),
    ),
  })
  .openapi('FoodCourtSubOrder')

export const restaurantPartSchema = subOrderSchema
  .extend({
    court_uuid: z.uuid(),
    court_title: z.string(),
    court_order_uuid: z.uuid(),
    currency: z.string(),
    can_reject: z.boolean().openapi({
      description: 'Whether the restaurant may reject its part now (held; paid, cooking or on its way)',
    }),
  })
  .openapi('FoodCourtRestaurantPart')

export const courtOrderSchema = z
  .object({
    uuid: z.uuid(),
    order_id: z.number().int(),
    court_uuid: z.uuid(),
    court_title: z.string(),
    order_status: z.number().int().min(1).max(8).openapi({
      description: 'Follows the sub-orders: the lowest status of those not refunded (docs/food-court.md)',
    }),
    status_name: z.string(),
    currency: z.string(),
    total: z.number().int().openapi({ description: 'The one charge' }),
    food_court_fee: z.number().int(),
    refunded: z.number().int(),
    pickup_in_restaurant: z.boolean(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    order_date: z.string(),
    created: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable(),
    payment_uuid: z.uuid().nullable(),
    food_court_suborders: z.array(subOrderSchema),
  })
  .openapi('FoodCourtOrder')

export const checkoutResultSchema = z.object({
  result: courtOrderSchema,
  payment_uuid: z.uuid(),
  payment_url: z.string().openapi({ description: 'The platform’s payment page' }),
})

export const paymentOutcomeSchema = z
  .object({
    order_uuid: z.uuid(),
    order_status: z.number().int(),
    payment_status: z.string().nullable(),
    outcome: z.enum(['paid', 'pending', 'failed']),
    next: z.string(),
  })
  .openapi('FoodCourtPaymentOutcome')

// ── Owner views ──────────────────────────────────────────────────────────────────────────────────

export const dailyTotalSchema = z
  .object({
    order_date: z.string(),
    orders_count: z.number().int(),
    products_total: z.number().int(),
    fees_total: z.number().int().openapi({ description: 'Delivery costs and pickup fees' }),
    overall: z.number().int().openapi({ description: 'What guests paid' }),
    refunds: z.number().int(),
    revenue: z.number().int().openapi({ description: 'overall − refunds' }),
    payouts: z.number().int().openapi({ description: 'Paid out to restaurants' }),
    food_court_fee: z.number().int(),
  })
  .openapi('FoodCourtDailyTotal')

const statementLine = z.object({
  kind: z.enum(['order', 'food_court_fee', 'refund', 'payout']),
  date: z.string().openapi({ description: 'Business day (the restaurant’s zone)' }),
  court_order_uuid: z.uuid(),
  court_order_id: z.number().int(),
  sub_order_uuid: z.uuid(),
  sub_order_id: z.number().int(),
  amount: z.number().int().openapi({ description: 'Signed: + owed to the restaurant, − taken or paid out' }),
  ledger_entry: z
    .object({ uuid: z.uuid(), number: z.string().nullable(), source: z.string() })
    .nullable()
    .openapi({ description: 'The ledger entry this line is tied to (null while not posted yet)' }),
})

export const statementSchema = z
  .object({
    restaurant_uuid: z.uuid(),
    restaurant_title: z.string(),
    court_uuid: z.uuid().nullable(),
    currency: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    lines: z.array(statementLine),
    totals: z.object({
      orders: z.number().int(),
      food_court_fees: z.number().int(),
      refunds: z.number().int(),
      payouts: z.number().int(),
      held: z
        .number()
        .int()
        .openapi({ description: 'orders − fees − refunds − payouts: still to be paid out' }),
    }),
    ledger: z.object({
      payouts: z.number().int().openapi({ description: 'Σ of the payout entries in the ledger (230 → 120)' }),
      held: z
        .number()
        .int()
        .openapi({ description: 'Balance of the restaurant’s 230 sub-account from these orders' }),
      reconciled: z.boolean(),
      difference: z.number().int().openapi({ description: 'statement − ledger; 0 when reconciled' }),
    }),
  })
  .openapi('FoodCourtStatement')

export const dateRangeQuery = z.object({
  start_date: z.iso.date('a date YYYY-MM-DD'),
  end_date: z.iso.date('a date YYYY-MM-DD'),
})

/** `DELETE invite`: the court, the restaurant and the list it is removed from (query or body). */
export const inviteRemoval = z
  .object({ program_uuid: courtUuid, restaurant_uuid: restaurantUuid, list: inviteFilter.default('all') })
  .strict()
