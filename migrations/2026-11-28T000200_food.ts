import { type Kysely, sql } from 'kysely'

/**
 * Food programs (module `food`, program type 4001: one restaurant): the restaurant's settings
 * beside its program row (address, ordering switches, pickup, delivery by zip code or by distance,
 * working hours with dated exceptions, its time zone, terms and privacy PDFs), its menu (categories,
 * products with variants and extras, in the owner's order), its brand on a domain of its own (theme
 * colour with 10 shades, SEO, analytics, logos), its announcements, and the files uploaded for it
 * (images in several sizes, PDFs). Programs and users belong to other modules: referred to with
 * foreign keys, so a deleted draft program takes its restaurant with it.
 *
 * Money is integer minor units in the program's currency; distances are whole metres; times of day
 * are wall-clock `time` in the restaurant's time zone (`time_zone`), never instants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Uploaded images (restaurant, product, logo, favicon), stored as files in several widths.
  await db.schema
    .createTable('food_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('uploaded_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('restaurant', 'product', 'app_logo', 'favicon_logo')`),
    )
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    // The widths stored (ascending), each as <id>-<width>.webp and .jpg (logos: .png only).
    .addColumn('widths', sql`integer[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index food_images_uploader_idx on food_images (uploaded_by)`.execute(db)

  // Terms and conditions, privacy statements: PDF files, answered by their URI.
  await db.schema
    .createTable('food_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('uploaded_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('terms', 'privacy')`))
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // The restaurant of a food program (one per program; title and description are the program's).
  await db.schema
    .createTable('food_restaurants')
    .addColumn('program_id', 'uuid', (c) => c.primaryKey().references('programs.id').onDelete('cascade'))
    .addColumn('image_id', 'uuid', (c) => c.references('food_images.id'))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo('').check(sql`length(address) <= 255`))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo('').check(sql`length(phone) <= 32`))
    .addColumn('min_order_amount', 'bigint', (c) =>
      c.notNull().defaultTo(0).check(sql`min_order_amount >= 0`),
    )
    // The most open orders at once (null: no limit), and what guests read when it is reached.
    .addColumn('order_limit', 'integer', (c) => c.check(sql`order_limit >= 1`))
    .addColumn('order_limit_message', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(order_limit_message) <= 255`),
    )
    .addColumn('read_only_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disable_online_ordering', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('can_pickup_in_rest', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('default_asap', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('latitude', 'double precision', (c) => c.check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'double precision', (c) => c.check(sql`longitude between -180 and 180`))
    .addColumn('pickup_fee_heading', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(pickup_fee_heading) <= 255`),
    )
    .addColumn('pickup_fee', 'bigint', (c) => c.check(sql`pickup_fee >= 0`))
    .addColumn('delivering_sms_text', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(delivering_sms_text) <= 480`),
    )
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Amsterdam'))
    // 1 by zip code, 2 by distance (spec section 9).
    .addColumn('type_of_delivery', 'smallint', (c) =>
      c.notNull().defaultTo(2).check(sql`type_of_delivery in (1, 2)`),
    )
    .addColumn('tc_document_id', 'uuid', (c) => c.references('food_documents.id'))
    .addColumn('privacy_document_id', 'uuid', (c) => c.references('food_documents.id'))
    // Bumped by every change a guest can see (settings, hours, menu, announcements): the guest
    // pages' cache key.
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('food_restaurants_coordinates', sql`(latitude is null) = (longitude is null)`)
    .execute()

  await db.schema
    .createTable('food_delivery_zip_codes')
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull().check(sql`length(zip_code) between 1 and 16`))
    .addColumn('cost', 'bigint', (c) => c.notNull().check(sql`cost >= 0`))
    .addPrimaryKeyConstraint('food_delivery_zip_codes_pk', ['program_id', 'zip_code'])
    .execute()

  await db.schema
    .createTable('food_delivery_ranges')
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('start_m', 'integer', (c) => c.notNull().check(sql`start_m >= 0`))
    .addColumn('end_m', 'integer', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull().check(sql`cost >= 0`))
    .addPrimaryKeyConstraint('food_delivery_ranges_pk', ['program_id', 'position'])
    .addCheckConstraint('food_delivery_ranges_order', sql`start_m < end_m`)
    .execute()

  // One row per weekday (1 Monday … 7 Sunday); a disabled day keeps its times for the form.
  await db.schema
    .createTable('food_working_hours')
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('day_of_week', 'smallint', (c) => c.notNull().check(sql`day_of_week between 1 and 7`))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('start_time', 'time', (c) => c.notNull())
    // Earlier than start_time: the day's hours end after midnight.
    .addColumn('end_time', 'time', (c) => c.notNull())
    .addPrimaryKeyConstraint('food_working_hours_pk', ['program_id', 'day_of_week'])
    .addCheckConstraint('food_working_hours_range', sql`not enabled or start_time <> end_time`)
    .execute()

  await db.schema
    .createTable('food_working_hours_exceptions')
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('closed', 'boolean', (c) => c.notNull())
    .addColumn('start_time', 'time')
    .addColumn('end_time', 'time')
    .addPrimaryKeyConstraint('food_working_hours_exceptions_pk', ['program_id', 'date'])
    .addCheckConstraint(
      'food_working_hours_exceptions_times',
      sql`closed or (start_time is not null and end_time is not null and start_time <> end_time)`,
    )
    .execute()

  await db.schema
    .createTable('food_categories')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 255`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index food_categories_program_idx on food_categories (program_id, position)`.execute(db)

  await db.schema
    .createTable('food_products')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('category_id', 'uuid', (c) => c.notNull().references('food_categories.id'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 255`))
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(description) between 1 and 2000`))
    .addColumn('image_id', 'uuid', (c) => c.notNull().references('food_images.id'))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    // What one portion holds: 250 gram, 0.5 liter, 1 piece.
    .addColumn('quantity', sql`numeric(10, 3)`, (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit', 'text', (c) =>
      c.notNull().check(sql`unit in ('gram', 'kilogram', 'liter', 'milliliter', 'piece')`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('nutrition_facts', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(nutrition_facts) <= 2000`),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo('').check(sql`length(notes) <= 2000`))
    .addColumn('keywords', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index food_products_category_idx on food_products (category_id, position)`.execute(db)
  await sql`create index food_products_program_idx on food_products (program_id)`.execute(db)

  // A product's variants (choose one) and extras (add any), complete rows only.
  await db.schema
    .createTable('food_product_options')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('food_products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('variant', 'extra')`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 255`))
    .addColumn('quantity', sql`numeric(10, 3)`, (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit', 'text', (c) =>
      c.notNull().check(sql`unit in ('gram', 'kilogram', 'liter', 'milliliter', 'piece')`),
    )
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .execute()
  await sql`create index food_product_options_product_idx on food_product_options (product_id, kind, position)`.execute(
    db,
  )

  // The restaurant's brand on a domain of its own.
  await db.schema
    .createTable('food_brandings')
    .addColumn('program_id', 'uuid', (c) =>
      c.primaryKey().references('food_restaurants.program_id').onDelete('cascade'),
    )
    // Lower case, no trailing dot; one restaurant per domain.
    .addColumn('domain_name', 'text', (c) => c.unique().check(sql`domain_name = lower(domain_name)`))
    .addColumn('theme_color', 'char(7)', (c) => c.notNull().defaultTo('#4d7cfe'))
    // The product types switched off on the domain (keys of `disable_<product>`).
    .addColumn('disabled_products', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo('').check(sql`length(seo_title) <= 255`))
    .addColumn('seo_keywords', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(seo_keywords) <= 1000`),
    )
    .addColumn('seo_description', 'text', (c) =>
      c.notNull().defaultTo('').check(sql`length(seo_description) <= 1000`),
    )
    .addColumn('seo_language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('google_analytics_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_logo_id', 'uuid', (c) => c.references('food_images.id'))
    .addColumn('favicon_logo_id', 'uuid', (c) => c.references('food_images.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('food_announcements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('program_id', 'uuid', (c) =>
      c.notNull().references('food_restaurants.program_id').onDelete('cascade'),
    )
    .addColumn('announcement', 'text', (c) => c.notNull().check(sql`length(announcement) between 1 and 1000`))
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index food_announcements_program_idx on food_announcements (program_id, created_at desc)`.execute(
    db,
  )
}
