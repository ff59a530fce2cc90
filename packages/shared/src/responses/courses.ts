import { z } from 'zod';

/**
 * What the course and enrolment routes answer (docs/product.md §10, §15.1), as response schemas
 * (docs/decisions/0039): registered on the routes, the types derived from them. Money is major units.
 */

export const courseCreatorJsonSchema = z.object({ _id: z.string(), username: z.string(), image: z.string().nullable() });
export type CourseCreatorJson = z.infer<typeof courseCreatorJsonSchema>;

/** A course card (docs/product.md §15.1): `creator`, `creatorName` and `creatorProfilePic` all kept. */
export const courseJsonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  /** Major units; 0 is free. */
  price: z.number(),
  tags: z.array(z.string()),
  /** The single tag, '' when none. */
  category: z.string(),
  creator: courseCreatorJsonSchema,
  creatorName: z.string(),
  creatorProfilePic: z.string().nullable(),
  lessonCount: z.number(),
  /** Seconds, summed over the lessons whose duration is known. */
  totalDuration: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseJson = z.infer<typeof courseJsonSchema>;
/** `GET /api/courses`: a page (the total is in X-Total-Count). */
export const courseListJsonSchema = z.array(courseJsonSchema);

export const lessonJsonSchema = z.object({
  _id: z.string(),
  position: z.number(),
  title: z.string(),
  /** As typed, e.g. '10:30'; null when unknown. */
  duration: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  preview: z.boolean(),
  /** `/api/courses/{id}/lessons/{lessonId}/video` for those who may watch it, else null (docs/product.md §10.2). */
  videoUrl: z.string().nullable(),
  /** Creator only: the uploaded video this lesson plays (`/api/courses/videos/{id}`), to keep it when editing. */
  videoRef: z.string().optional(),
  videoName: z.string().optional(),
  /** The viewer's progress, for the creator and enrolled learners. */
  completed: z.boolean().optional(),
  watchedSeconds: z.number().optional(),
});
export type LessonJson = z.infer<typeof lessonJsonSchema>;

/** `GET /api/courses/{id}` (and what creating or changing a course answers). */
export const courseDetailJsonSchema = courseJsonSchema.extend({
  lessons: z.array(lessonJsonSchema),
  enrolled: z.boolean(),
  isCreator: z.boolean(),
  /** Creator or enrolled: every lesson plays. */
  canWatch: z.boolean(),
  /** 0-100 for the creator and enrolled learners, else null. */
  progress: z.number().nullable(),
  /** The lesson to resume. */
  lastLessonId: z.string().nullable(),
});
export type CourseDetailJson = z.infer<typeof courseDetailJsonSchema>;

/** A row of `GET /api/enroll/my`: the course with the learner's progress (0-100). */
export const enrolledCourseJsonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  progress: z.number(),
  lessonCount: z.number(),
  completedLessons: z.number(),
  lastLessonId: z.string().nullable(),
  creatorName: z.string(),
  enrolledAt: z.string(),
});
export type EnrolledCourseJson = z.infer<typeof enrolledCourseJsonSchema>;
export const enrolledCourseListJsonSchema = z.array(enrolledCourseJsonSchema);

/** A row of `GET /api/courses/mine`: what a creator published, with its learners and takings. */
export const publishedCourseJsonSchema = courseJsonSchema.extend({
  enrollmentCount: z.number(),
  /** Sum of what learners paid, major units (the ledger keeps the fee split). */
  revenue: z.number(),
});
export type PublishedCourseJson = z.infer<typeof publishedCourseJsonSchema>;
export const publishedCourseListJsonSchema = z.array(publishedCourseJsonSchema);

/** `POST /api/enroll` (201 new, 200 already enrolled). */
export const enrollmentJsonSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  userId: z.string(),
  transactionId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  pricePaid: z.number(),
  createdAt: z.string(),
});
export type EnrollmentJson = z.infer<typeof enrollmentJsonSchema>;

/** `POST /api/courses/videos` (the media host's shape, docs/product.md §8.3). */
export const courseVideoJsonSchema = z.object({
  _id: z.string(),
  secure_url: z.string(),
  original_filename: z.string(),
  resource_type: z.literal('video'),
  bytes: z.number(),
});
export type CourseVideoJson = z.infer<typeof courseVideoJsonSchema>;

/** `POST /api/courses/{id}/lessons/{lessonId}/progress`. */
export const lessonProgressJsonSchema = z.object({
  lessonId: z.string(),
  position: z.number(),
  completed: z.boolean(),
  /** The course's overall progress after this update, 0-100. */
  progress: z.number(),
});
export type LessonProgressJson = z.infer<typeof lessonProgressJsonSchema>;
