import { z } from 'zod';
import { westernDigits } from '../digits.js';
import { line, numeric, optionalMediaUrl, pageLimit, pageOffset, requiredText, searchText } from './fields.js';
import { errorCode } from '../error-code.js';

/**
 * Video courses (docs/product.md §10, §6.3): the request schemas both sides validate with and
 * the JSON the server answers. Money is in major units (45.5 = $45.50), as everywhere in the API.
 */

/** The categories a course can have; the chosen one becomes the course's single tag (docs/product.md §10.6). */
export const COURSE_CATEGORIES = [
  'Digital Workflow',
  'Intraoral Scanning',
  'Crowns & Bridges',
  'Veneers & Smile Design',
  'Implant Prosthetics',
  'Surgical Guides',
  'Orthodontics & Aligners',
  'Dentures',
  'Milling & 3D Printing',
  'CAD Software',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
export const isCourseCategory = (value: unknown): value is CourseCategory =>
  typeof value === 'string' && (COURSE_CATEGORIES as readonly string[]).includes(value);

export const COURSE_MAX_LESSONS = 100;
export const COURSE_MAX_PRICE = 100_000;
export const COURSE_TITLE_MAX = 120;
export const COURSE_DESCRIPTION_MAX = 5000;
export const LESSON_TITLE_MAX = 200;
/** Lesson videos: the same 200 MB ceiling as other uploads (docs/product.md §13), checked while streaming. */
export const COURSE_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const COURSE_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export const COURSE_MESSAGES = {
  /** docs/product.md §10.1: step 1 of the wizard. */
  requiredFields: 'Please fill in required course fields.',
  /** docs/product.md §10.1: step 2 of the wizard. */
  lessonIncomplete: 'Each lesson must have a title and video file.',
  submitted: 'Course submitted successfully!',
  submitFailed: 'Failed to submit course.',
  notFound: 'Course not found.',
  lessonNotFound: 'Lesson not found.',
  notYourCourse: 'You are not authorized to change this course.',
  hasLearners: 'Learners have enrolled in this course, so it cannot be deleted. You can still edit it.',
  needsLesson: 'A course needs at least one lesson.',
  tooManyLessons: `A course has at most ${COURSE_MAX_LESSONS} lessons.`,
  videoNotYours: 'Upload the lesson video through the course form; a video you did not upload cannot be used.',
  videoTwice: 'Each lesson needs a video of its own.',
  videoNotFound: 'Video not found.',
  videoForbidden: 'Only the person who uploaded this video can play it here.',
  notAVideo: 'The lesson video must be an MP4, WebM or MOV file.',
  videoTooLarge: 'The video is too large (200 MB at most).',
  duration: 'Write the duration as minutes and seconds, e.g. 10:30.',
  category: `Choose a category from: ${COURSE_CATEGORIES.join(', ')}.`,
  oneCategory: 'A course has one category.',
  priceNegative: 'The price cannot be negative.',
  priceTooHigh: 'The price is too high.',
  priceDecimals: 'The price can have at most two decimals.',
  price: 'Please enter a price (0 for a free course).',
  enrolFirst: 'Enrol in this course to watch this lesson.',
  ownCourse: 'You created this course, so it is already yours.',
  position: 'The position is a number of seconds.',
} as const;

/** `/api/courses/videos/<id>`: what `POST /api/courses/videos` answers and a lesson refers to. */
export const COURSE_VIDEO_URL = /^\/api\/courses\/videos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const courseVideoUrl = (id: string) => `/api/courses/videos/${id}`;
export function videoIdOfUrl(url: string): string | null {
  return COURSE_VIDEO_URL.exec(url.trim())?.[1]?.toLowerCase() ?? null;
}

const DURATION = /^(?:(\d{1,2}):([0-5]\d):([0-5]\d)|(\d{1,3}):([0-5]\d))$/;
/** '10:30' -> 630, '1:02:03' -> 3723; null when it is not such a text. */
export function parseDuration(text: string): number | null {
  const m = DURATION.exec(westernDigits(text).trim());
  if (!m) return null;
  if (m[1] !== undefined) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return Number(m[4]) * 60 + Number(m[5]);
}
/** 630 -> '10:30', 3723 -> '1:02:03'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** A course price typed in major units: 0 (free) or more, at most two decimals. */
export const coursePrice = numeric(z
  .number({ error: errorCode('COURSE_PRICE') })
  .refine((v) => Number.isFinite(v), errorCode('COURSE_PRICE'))
  .min(0, errorCode('COURSE_PRICE_NEGATIVE'))
  .max(COURSE_MAX_PRICE, errorCode('COURSE_PRICE_TOO_HIGH'))
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, errorCode('COURSE_PRICE_DECIMALS')));

const lessonDuration = z
  .union([line(undefined, { digits: true }).max(10, errorCode('COURSE_DURATION')), z.null()])
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || parseDuration(v) !== null, errorCode('COURSE_DURATION'));

export const lessonInput = z.object({
  /** An existing lesson of the course being edited (keeps its learners' progress). */
  _id: z.uuid(errorCode('LESSON_NOT_IN_COURSE')).optional(),
  title: line({ error: errorCode('COURSE_LESSON_INCOMPLETE') })
    .min(1, errorCode('COURSE_LESSON_INCOMPLETE'))
    .max(LESSON_TITLE_MAX, errorCode('LESSON_TITLE_TOO_LONG')),
  videoUrl: line({ error: errorCode('COURSE_LESSON_INCOMPLETE') }).regex(COURSE_VIDEO_URL, errorCode('COURSE_LESSON_INCOMPLETE')),
  duration: lessonDuration,
  preview: z.boolean({ error: errorCode('LESSON_PREVIEW') }).optional().default(false),
})
  // The wire names a kept lesson `_id` (docs/product.md §15.1); the server's code reads `id`.
  .transform(({ _id, ...lesson }) => ({ ...lesson, id: _id }));
export type LessonInput = z.input<typeof lessonInput>;

const lessons = z
  .array(lessonInput, { error: errorCode('COURSE_NEEDS_LESSON') })
  .min(1, errorCode('COURSE_NEEDS_LESSON'))
  .max(COURSE_MAX_LESSONS, errorCode('COURSE_TOO_MANY_LESSONS'))
  .refine((list) => new Set(list.map((l) => videoIdOfUrl(l.videoUrl))).size === list.length, errorCode('COURSE_VIDEO_TWICE'));

const tags = z
  .array(z.enum(COURSE_CATEGORIES, { error: errorCode('COURSE_CATEGORY') }), { error: errorCode('COURSE_CATEGORY') })
  .max(1, errorCode('COURSE_ONE_CATEGORY'));

const courseFields = {
  title: requiredText(COURSE_TITLE_MAX, { missing: 'FILL_IN_TITLE', tooLong: 'TITLE_TOO_LONG' }),
  description: requiredText(COURSE_DESCRIPTION_MAX, { missing: 'FILL_IN_DESCRIPTION', tooLong: 'DESCRIPTION_TOO_LONG' }, { multiLine: true }),
  thumbnail: optionalMediaUrl,
  price: coursePrice.default(0),
  tags: tags.optional().default([]),
  lessons,
};

/** `POST /api/courses`. */
export const courseCreateSchema = z.object(courseFields);
export type CourseCreateInput = z.input<typeof courseCreateSchema>;
export type CourseCreateValues = z.output<typeof courseCreateSchema>;

/** `PATCH /api/courses/{id}`: any subset; `lessons`, when sent, is the whole new list in order. */
export const courseUpdateSchema = z
  .object({
    title: courseFields.title.optional(),
    description: courseFields.description.optional(),
    thumbnail: optionalMediaUrl,
    price: coursePrice.optional(),
    tags: tags.optional(),
    lessons: lessons.optional(),
  })
  .strict();
export type CourseUpdateInput = z.input<typeof courseUpdateSchema>;

/** Query of `GET /api/courses` (docs/product.md §15.3). */
export const courseListQuery = z.object({
  search: searchText,
  tag: z.enum(COURSE_CATEGORIES, { error: errorCode('COURSE_CATEGORY') }).optional(),
  creatorId: z.uuid(errorCode('CREATOR_ID_INVALID')).optional(),
  limit: pageLimit(24),
  offset: pageOffset,
});
export type CourseListQuery = z.output<typeof courseListQuery>;

/** `POST /api/enroll` (docs/product.md §10.3). A free course needs `courseId` only. */
export const enrollInput = z.object({
  courseId: z.uuid({ error: errorCode('COURSE_NOT_FOUND') }),
  transactionId: line().max(200).optional(),
  paymentMethod: line().max(40).optional(),
});
export type EnrollInput = z.input<typeof enrollInput>;

/** `POST /api/courses/{id}/lessons/{lessonId}/progress`: where the learner is, in seconds. */
export const lessonProgressInput = z.object({
  position: numeric(z
    .number({ error: errorCode('COURSE_POSITION') })
    .min(0, errorCode('COURSE_POSITION'))
    .max(24 * 3600, errorCode('COURSE_POSITION'))
    .transform((v) => Math.floor(v))),
  completed: z.boolean().optional().default(false),
});

// What the course routes answer (CourseJson, CourseDetailJson, LessonJson, EnrollmentJson...) is in ../responses/courses.ts.
