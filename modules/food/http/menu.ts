import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { vatCodes } from '../../payments/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { findProgram } from '../../programs/index.ts'
import {
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  reorderMenu,
  updateCategory,
  updateProduct,
} from '../commands/menu.ts'
import { storeImage } from '../commands/uploads.ts'
import { findProductRow } from '../db/menu.ts'
import { imageJson } from '../files.ts'
import { categoryJson, listCategories, listProducts, productsJson } from '../queries/menu.ts'
import {
  categorySchema,
  costInput,
  fileField,
  idParam,
  imageSchema,
  optionInput,
  productSchema,
  programUuidQuery,
  requestContext,
  resultOf,
  resultsOf,
} from './schemas.ts'

const staff = ['owner', 'acceptor'] as const
const who =
  'The program’s owner and the acceptors working at the restaurant (taking part in the program now); another restaurant’s: 404; an acceptor no longer taking part: 403.'

const categoryTitle = z.string().max(255, 'at most 255 characters')

export const getCategories = createRoute({
  method: 'get',
  path: '/food/categories',
  tags: ['food'],
  summary: 'A restaurant’s menu categories, in their order',
  description: who,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { query: programUuidQuery },
  responses: {
    200: {
      description: 'Categories',
      content: { 'application/json': { schema: resultsOf(categorySchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const postCategory = createRoute({
  method: 'post',
  path: '/food/categories',
  tags: ['food'],
  summary: 'Add a menu category (at the end)',
  description: `Title required (not blank). ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ program_uuid: z.uuid('not a program id'), title: categoryTitle }).strict(),
        },
      },
    },
  },
  responses: {
    201: { description: 'Added', content: { 'application/json': { schema: resultOf(categorySchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchCategory = createRoute({
  method: 'patch',
  path: '/food/categories/{id}',
  tags: ['food'],
  summary: 'Rename or move a menu category',
  description: who,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: idParam('category'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              title: categoryTitle.optional(),
              position: z.number().int().min(0).max(100_000).optional(),
            })
            .strict()
            .refine((b) => Object.keys(b).length > 0, 'nothing to change'),
        },
      },
    },
  },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: resultOf(categorySchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const deleteCategoryRoute = createRoute({
  method: 'delete',
  path: '/food/categories/{id}',
  tags: ['food'],
  summary: 'Delete an empty menu category',
  description: `A category that still has products: 409 \`category_not_empty\`. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { params: idParam('category') },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

const productFields = {
  category_uuid: z.string().max(64).optional(),
  title: z.string().max(255, 'at most 255 characters').optional(),
  description: z.string().max(2000, 'at most 2000 characters').optional(),
  image: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: 'An image uploaded with POST food/products/images' }),
  price: costInput.openapi({ description: "Minor units (950) or as typed ('9,50')" }),
  quantity: z
    .number()
    .optional()
    .openapi({ description: 'What a portion holds, in `unit` (up to 3 decimals)' }),
  unit: z.string().max(20).optional().openapi({ description: 'gram, kilogram, liter, milliliter or piece' }),
  is_active: z.boolean().optional(),
  nutrition_facts: z.string().max(2000).optional(),
  notes: z.string().max(2000).optional(),
  vat_code: z.enum(vatCodes, 'one of high, low, zero, exempt').optional().openapi({
    description:
      'The VAT rate the dish is sold at (the platform’s codes: high, low, zero, exempt); new products: low',
  }),
  keywords: z
    .array(z.string().max(100))
    .max(50)
    .optional()
    .openapi({ description: 'No keyword twice (any case)' }),
  position: z.number().int().min(0).max(100_000).optional(),
  variants: z.array(optionInput).max(50).optional().openapi({
    description:
      'Rows of title, quantity, unit and price: all or none (`fill_in_all_fields`); empty rows are dropped. Replaces the list.',
  }),
  extras: z.array(optionInput).max(50).optional().openapi({ description: 'As variants' }),
}

const productRules =
  'Rules (spec section 5), each a 400 naming its field: title, description, image, price, quantity, unit and category required, text not blank; variant and extra rows complete or empty; no keyword twice (`keyword_already_exists` on the repeat, `duplicate_keywords` on `keywords`).'

export const getProducts = createRoute({
  method: 'get',
  path: '/food/products',
  tags: ['food'],
  summary: 'A restaurant’s products (active or not), in menu order',
  description: `Optionally of one of its categories (another restaurant’s category: 404). ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { query: programUuidQuery.extend({ category_uuid: z.uuid('not a category id').optional() }) },
  responses: {
    200: { description: 'Products', content: { 'application/json': { schema: resultsOf(productSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const postProduct = createRoute({
  method: 'post',
  path: '/food/products',
  tags: ['food'],
  summary: 'Add a product to a category (at its end)',
  description: `${productRules} ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object(productFields).strict().openapi('FoodProductInput') },
      },
    },
  },
  responses: {
    201: { description: 'Added', content: { 'application/json': { schema: resultOf(productSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchProduct = createRoute({
  method: 'patch',
  path: '/food/products/{id}',
  tags: ['food'],
  summary: 'Change a product',
  description: `Any of the fields; the product is checked whole again. ${productRules} ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: idParam('product'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object(productFields)
            .strict()
            .refine((b) => Object.keys(b).length > 0, 'nothing to change'),
        },
      },
    },
  },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: resultOf(productSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const deleteProductRoute = createRoute({
  method: 'delete',
  path: '/food/products/{id}',
  tags: ['food'],
  summary: 'Delete a product',
  description: who,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { params: idParam('product') },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 403, 404, 422) },
})

export const postProductImage = createRoute({
  method: 'post',
  path: '/food/products/images',
  tags: ['food'],
  summary: 'Upload a product image',
  description:
    'Multipart field `image`: a PNG or JPG (judged by its bytes) under 2 MB; 360×360 fits best. Stored as WebP and JPG 160, 320, 640 and 960 px wide (never enlarged), upright, without metadata. Program owners and acceptors.',
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': { schema: z.object({ image: fileField('an image file is required') }) },
      },
    },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: resultOf(imageSchema) } } },
    ...errorResponses(400, 401, 403, 413),
  },
})

export const postProductsOrder = createRoute({
  method: 'post',
  path: '/food/products/order',
  tags: ['food'],
  summary: 'Order categories and products (drag and drop)',
  description: `Each entry names a category (\`category_uuid\`) or a product (\`product_uuid\`) of the restaurant and its index (a product’s among its category’s). Anything else named: 400 (\`category_unknown\`, \`product_unknown\`), nothing changes. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              program_uuid: z.uuid('not a program id'),
              order: z
                .array(
                  z
                    .object({
                      category_uuid: z.uuid('not a category id').optional(),
                      product_uuid: z.uuid('not a product id').optional(),
                      index: z.number().int().min(0).max(100_000),
                    })
                    .strict()
                    .refine((e) => (e.category_uuid === undefined) !== (e.product_uuid === undefined), {
                      message: 'name a category_uuid or a product_uuid',
                    }),
                )
                .min(1)
                .max(2000),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Ordered: the categories',
      content: { 'application/json': { schema: resultsOf(categorySchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerMenuRoutes(app: ApiApp) {
  app.openapi(getCategories, async (c) => {
    const me = requireUser(c, ...staff)
    return c.json(
      { results: await listCategories(c.get('services').db, me, c.req.valid('query').program_uuid) },
      200,
    )
  })

  app.openapi(postCategory, async (c) => {
    const me = requireUser(c, ...staff)
    const row = await createCategory(c.get('services').db, requestContext(c), me, c.req.valid('json'))
    return c.json({ result: categoryJson(row, 0) }, 201)
  })

  app.openapi(patchCategory, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const row = await updateCategory(db, requestContext(c), me, c.req.valid('param').id, c.req.valid('json'))
    const counted = (await listCategories(db, me, row.program_id)).find((x) => x.uuid === row.id)
    return c.json({ result: counted ?? categoryJson(row, 0) }, 200)
  })

  app.openapi(deleteCategoryRoute, async (c) => {
    const me = requireUser(c, ...staff)
    await deleteCategory(c.get('services').db, requestContext(c), me, c.req.valid('param').id)
    return c.body(null, 204)
  })

  app.openapi(getProducts, async (c) => {
    const me = requireUser(c, ...staff)
    return c.json({ results: await listProducts(c.get('services').db, me, c.req.valid('query')) }, 200)
  })

  const productAnswer = async (db: Parameters<typeof productsJson>[0], id: string) => {
    const row = await findProductRow(db, id)
    const program = row && (await findProgram(db, row.program_id))
    if (!row || !program) throw new Error(`product ${id} vanished`)
    const [json] = await productsJson(db, [row], program.currency)
    return json!
  }

  app.openapi(postProduct, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const row = await createProduct(db, requestContext(c), me, c.req.valid('json'))
    return c.json({ result: await productAnswer(db, row.id) }, 201)
  })

  app.openapi(patchProduct, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const row = await updateProduct(db, requestContext(c), me, c.req.valid('param').id, c.req.valid('json'))
    return c.json({ result: await productAnswer(db, row.id) }, 200)
  })

  app.openapi(deleteProductRoute, async (c) => {
    const me = requireUser(c, ...staff)
    await deleteProduct(c.get('services').db, requestContext(c), me, c.req.valid('param').id)
    return c.body(null, 204)
  })

  app.openapi(postProductImage, async (c) => {
    const me = requireUser(c, ...staff)
    const { db, config } = c.get('services')
    const row = await storeImage(
      db,
      config,
      requestContext(c),
      me.user_id,
      c.req.valid('form').image,
      'product',
    )
    return c.json({ result: imageJson(row) }, 201)
  })

  app.openapi(postProductsOrder, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const input = c.req.valid('json')
    await reorderMenu(db, requestContext(c), me, input)
    return c.json({ results: await listCategories(db, me, input.program_uuid) }, 200)
  })
}
