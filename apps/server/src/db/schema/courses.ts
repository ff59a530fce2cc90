import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payments } from './payments.js';
import { tsvector } from './types.js';
import { users } from './users.js';

/** A video course any member can publish (docs/product.md §10). `price` is minor units; 0 is free. */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    thumbnail: text('thumbnail'),
    price: integer('price').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Full-text search as the services' (ADR 0031): English stems and the words as typed. */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')) || to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)) || to_tsvector('simple', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')) || to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    index('courses_created_idx').on(t.createdAt),
    index('courses_creator_idx').on(t.creatorId, t.createdAt),
    index('courses_tags_idx').using('gin', t.tags),
    index('courses_search_idx').using('gin', t.search),
    check('courses_price_not_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * A lesson video as uploaded: private storage, never under /media (docs/product.md §10.2). Uploaded before the course
 * is saved; a lesson claims it by id, and only its uploader may do so.
 */
export const courseVideos = pgTable(
  'course_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_videos_uploader_idx').on(t.uploaderId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => courseVideos.id, { onDelete: 'restrict' }),
    /** As shown, e.g. '10:30'; null when unknown. */
    duration: text('duration'),
    durationSeconds: integer('duration_seconds'),
    preview: boolean('preview').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lessons_course_idx').on(t.courseId, t.position)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a free course. A payment enrols once. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    pricePaid: integer('price_paid').notNull().default(0),
    lastLessonId: uuid('last_lesson_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_unique').on(t.courseId, t.userId),
    uniqueIndex('enrollments_payment_unique').on(t.paymentId),
    index('enrollments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Where a learner stopped in a lesson, in seconds, and whether it is done. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_course_idx').on(t.userId, t.courseId)],
);

export type CourseRow = Omit<typeof courses.$inferSelect, 'search'>;
export type LessonRow = typeof lessons.$inferSelect;
export type CourseVideoRow = typeof courseVideos.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
