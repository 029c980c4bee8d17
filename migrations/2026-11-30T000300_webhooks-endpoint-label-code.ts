import { type Kysely, sql } from 'kysely'

/**
 * An endpoint's label as a code and its parameters when the platform words it, as payments do for
 * their descriptions: a payment request's callback endpoint was labelled in English ("Payment
 * request <uuid>") whatever the reader's language. `description` keeps the English text (logs, API
 * readers); the web words `description_code` in its own catalog. Endpoints made for payment
 * requests before this (no program: a notification's endpoint has one, and its label is the title
 * the owner typed) get their code from that text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_endpoints
      add column description_code text,
      add column description_params jsonb not null default '{}'::jsonb
  `.execute(db)
  await sql`
    update webhook_endpoints
       set description_code = 'payment_request',
           description_params = jsonb_build_object('request_uuid', substring(description from 17))
     where program_uuid is null
       and description like 'Payment request %'
  `.execute(db)
}
