import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { courseVideoUrl, type CourseVideoJson } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { courseVideos, lessons, type CourseVideoRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { putLimited } from '../../platform/storage/limited-put.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { uploadedFileName } from '../../platform/storage/receive-file.js';
import { peekHead, sniffVideo, type VideoKind } from '../../platform/storage/sniff.js';
import { authorizeLesson, courseViewer } from './courses.policy.js';
import { findCourse, isUuid } from './courses.service.js';

/**
 * Lesson videos are private (docs/product.md §10.2): stored under `course-videos/` with a random key that no answer
 * ever names, and streamed only through the course routes, which check who is asking on every request.
 */
export const COURSE_VIDEO_PREFIX = 'course-videos';

const CONTENT_TYPES: Record<VideoKind, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };

export function toCourseVideoJson(row: CourseVideoRow): CourseVideoJson {
  return { _id: row.id, secure_url: courseVideoUrl(row.id), original_filename: row.originalName, resource_type: 'video', bytes: row.size };
}

/**
 * Streams one uploaded lesson video into storage: MP4, MOV or WebM by its first bytes (never by its
 * name), at most 200 MB counted while it flows. The record is written once the blob is complete, so a
 * refused or broken upload leaves nothing.
 */
export async function storeCourseVideo(ctx: AppContext, user: UserRow, file: MultipartFile): Promise<CourseVideoJson> {
  const name = uploadedFileName(file, 'video');
  const { head, body } = await peekHead(file.file, 16);
  const kind = sniffVideo(head);
  if (!kind) {
    file.file.resume();
    throw fieldError('VIDEO_TYPE_REFUSED', 'file');
  }
  const key = `${COURSE_VIDEO_PREFIX}/${randomUUID()}.${kind}`;
  const { size } = await putLimited(ctx.storage, key, body, uploadLimits.courseVideo, 'VIDEO_TOO_LARGE', 'file', file.file);
  try {
    const [row] = await ctx.db
      .insert(courseVideos)
      .values({
        uploaderId: user.id,
        storageKey: key,
        contentType: CONTENT_TYPES[kind],
        size,
        originalName: file.filename ? name : `video.${kind}`,
      })
      .returning();
    return toCourseVideoJson(row!);
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

/** An uploaded video by its id: only its uploader may play it through this address. */
export async function videoForUploader(ctx: AppContext, user: UserRow, id: string): Promise<CourseVideoRow> {
  const [row] = isUuid(id) ? await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, id)).limit(1) : [];
  if (!row) throw new AppError('VIDEO_NOT_FOUND');
  if (row.uploaderId !== user.id) throw new AppError('VIDEO_FORBIDDEN');
  return row;
}

/**
 * The video of one lesson for whoever asks (docs/product.md §10.2): a free preview to anyone; otherwise only to the
 * course's creator and its enrolled learners (401 for visitors, 403 for everyone else). Runs on every
 * request, Range requests included, so a link copied out of the page does not work for anyone else.
 */
export async function lessonVideoFor(ctx: AppContext, viewer: UserRow | null, courseId: string, lessonId: string): Promise<CourseVideoRow> {
  const found = await findCourse(ctx.db, courseId);
  if (!found) throw new AppError('COURSE_NOT_FOUND');
  const [row] = isUuid(lessonId)
    ? await ctx.db
        .select({ preview: lessons.preview, video: courseVideos })
        .from(lessons)
        .innerJoin(courseVideos, eq(courseVideos.id, lessons.videoId))
        .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('LESSON_NOT_FOUND');
  // A preview needs no viewer, so the enrolment is not read for it.
  authorizeLesson(found.course, row.preview ? null : await courseViewer(ctx.db, found.course, viewer), row);
  return row.video;
}

/**
 * Uploaded videos that never became part of a lesson (an abandoned course form), older than `olderThan`:
 * records first, then blobs. For a scheduled job; returns how many it removed.
 */
export async function deleteUnattachedVideos(ctx: AppContext, olderThan: Date, batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const stale = ctx.db
      .select({ id: courseVideos.id })
      .from(courseVideos)
      .where(
        and(
          lt(courseVideos.createdAt, olderThan),
          notExists(ctx.db.select({ one: sql`1` }).from(lessons).where(eq(lessons.videoId, courseVideos.id))),
        ),
      )
      .limit(batch);
    const gone = await ctx.db
      .delete(courseVideos)
      .where(sql`${courseVideos.id} in ${stale}`)
      .returning({ key: courseVideos.storageKey });
    for (const { key } of gone) await ctx.storage.delete(key);
    removed += gone.length;
    if (gone.length < batch) return removed;
  }
}
