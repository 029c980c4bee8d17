import { type Kysely, sql } from 'kysely'

/**
 * The feed (module `feed`, issue 17): posts tied to programs with an audience, their hashtags,
 * images, files and videos, comments and likes. See docs/feed.md.
 *
 * - Post ids are UUIDv7 (time-ordered): "newest first" is `id desc`, so every feed (all, a program,
 *   an author, a tag) is one backward index range scan with a keyset `id < cursor`, whatever the
 *   number of posts.
 * - `status`: `published`; `hidden` or `removed` by an admin (with a reason the author reads);
 *   `deleted` by its author. Only published posts reach an audience.
 * - Counters: `likes_count` and `comments_count` are kept by triggers in the same transaction as
 *   the like or comment row. Under READ COMMITTED the counter update of concurrent inserts waits for
 *   the row lock and re-reads the row, so the count always equals the rows (no lost update), and no
 *   feed page has to count likes of 20 posts at read time.
 * - Tags are stored by their normalised key (NFC, case folded): `#Café`, `#café` and `#CAFÉ` are one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The readable address of the post (`/posts/{url}`): a slug of the title and a random suffix.
    .addColumn('url', 'text', (c) =>
      c.notNull().unique().check(sql`url ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(url) <= 100`),
    )
    .addColumn('author_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    // The program the post is about; a deleted (draft) program leaves the post without one.
    .addColumn('program_id', 'uuid', (c) => c.references('programs.id').onDelete('set null'))
    .addColumn('audience', 'text', (c) =>
      c.notNull().check(sql`audience in ('everyone', 'cardholders', 'private')`),
    )
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    // {"rows": ["first line", "second line"]}
    .addColumn('text', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(text -> 'rows') = 'array'`))
    .addColumn('link', 'text', (c) => c.check(sql`link like 'https://%'`))
    // {title, description, image, site} once the worker fetched the link; null before or without one.
    .addColumn('link_preview', 'jsonb')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`comments_count >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('published').check(sql`status in ('published', 'hidden', 'removed', 'deleted')`),
    )
    // Why an admin hid or removed the post (the author reads it), who and when.
    .addColumn('moderation_reason', 'text', (c) => c.check(sql`length(moderation_reason) <= 1000`))
    .addColumn('moderated_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('moderated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set by an edit of the author ("edited").
    .addColumn('modified_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'feed_posts_moderated',
      sql`(status in ('hidden', 'removed')) = (moderated_at is not null and moderation_reason is not null)`,
    )
    .addCheckConstraint('feed_posts_deleted', sql`(status = 'deleted') = (deleted_at is not null)`)
    .execute()
  // The feeds, newest first, each one backward range scan (docs/feed.md, "Reading a feed"):
  // public posts; card-holder posts per program; an author's own; a program's; the admin's (pk).
  await sql`create index feed_posts_public_idx on feed_posts (id)
    where status = 'published' and audience = 'everyone'`.execute(db)
  await sql`create index feed_posts_members_idx on feed_posts (program_id, id)
    where status = 'published' and audience = 'cardholders'`.execute(db)
  await sql`create index feed_posts_author_idx on feed_posts (author_user_id, id)
    where status <> 'deleted'`.execute(db)
  await sql`create index feed_posts_program_idx on feed_posts (program_id, id)
    where status <> 'deleted'`.execute(db)

  await db.schema
    .createTable('feed_tags')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // The normalised key: NFC, case folded, without the hash.
    .addColumn('name', 'text', (c) => c.notNull().unique().check(sql`length(name) between 1 and 64`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('feed_post_tags')
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('feed_tags.id'))
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
    // (tag, post) is the tag feed newest first: a backward scan of the primary key.
    .addPrimaryKeyConstraint('feed_post_tags_pk', ['tag_id', 'post_id'])
    .execute()
  await sql`create index feed_post_tags_post_idx on feed_post_tags (post_id)`.execute(db)

  // Uploads are made before the post (the draft shows them); a post takes its author's unattached
  // uploads. An upload never attached is removed by a daily job.
  await db.schema
    .createTable('feed_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('uploader_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('post_id', 'uuid', (c) => c.references('feed_posts.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 255`))
    // Of the largest stored size.
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('feed_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('uploader_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('post_id', 'uuid', (c) => c.references('feed_posts.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 255`))
    // As sniffed from the bytes, never as the client declared it.
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('feed_videos')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('creator_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('post_id', 'uuid', (c) => c.references('feed_posts.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('youtube', 'vimeo')`))
    .addColumn('video_id', 'text', (c) => c.notNull().check(sql`video_id ~ '^[A-Za-z0-9_-]{1,32}$'`))
    .addColumn('full_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  for (const table of ['feed_images', 'feed_files', 'feed_videos']) {
    await sql`create index ${sql.raw(`${table}_post_idx`)} on ${sql.table(table)} (post_id, position)
      where post_id is not null`.execute(db)
    await sql`create index ${sql.raw(`${table}_loose_idx`)} on ${sql.table(table)} (created_at)
      where post_id is null`.execute(db)
  }

  await db.schema
    .createTable('feed_comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
    .addColumn('author_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(text -> 'rows') = 'array'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz')
    .execute()
  await sql`create index feed_comments_post_idx on feed_comments (post_id, id)`.execute(db)

  await db.schema
    .createTable('feed_likes')
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One like per user and post; also "liked by me" for a page of posts.
    .addPrimaryKeyConstraint('feed_likes_pk', ['post_id', 'user_id'])
    .execute()

  // The counters follow the rows, in the rows' own transaction.
  await sql`
    create function feed_count_likes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update feed_posts set likes_count = likes_count + 1 where id = new.post_id;
      else
        update feed_posts set likes_count = likes_count - 1 where id = old.post_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger feed_likes_count after insert or delete on feed_likes
    for each row execute function feed_count_likes()`.execute(db)
  await sql`
    create function feed_count_comments() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update feed_posts set comments_count = comments_count + 1 where id = new.post_id;
      else
        update feed_posts set comments_count = comments_count - 1 where id = old.post_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger feed_comments_count after insert or delete on feed_comments
    for each row execute function feed_count_comments()`.execute(db)
}
