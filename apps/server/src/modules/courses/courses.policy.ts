import { courseRefusal, courseRoleOf, lessonWatchRefusal, type CourseAction, type CourseFacts, type CourseRole, type CourseViewer } from '@cusp/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enrollments, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * The server's side of COURSE_POLICY (packages/shared/src/policies/courses.ts, docs/decisions/0030): who the caller
 * is to a course, and the one "may I?" check. No rule of who may watch, edit, enrol in or buy a course is written
 * anywhere else.
 */

export async function isEnrolled(db: Db, courseId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)))
    .limit(1);
  return !!row;
}

/**
 * The caller as the policy sees them. Whether they are enrolled is read only when it can change the answer (not
 * for a visitor or the creator), so the video stream, asked once per Range request, stays one query for them.
 */
export async function courseViewer(db: Db, course: Pick<CourseFacts, 'creatorId'> & { id: string }, user: Pick<UserRow, 'id'> | null): Promise<CourseViewer> {
  if (!user) return null;
  if (user.id === course.creatorId) return { id: user.id, enrolled: false };
  return { id: user.id, enrolled: await isEnrolled(db, course.id, user.id) };
}

/** Throws the table's refusal (401, 403 or 409) unless the viewer may do this; returns their role. */
export function authorizeCourse(course: CourseFacts, viewer: CourseViewer, action: CourseAction): CourseRole {
  const refusal = courseRefusal(course, viewer, action);
  if (refusal) throw new AppError(refusal.code);
  return courseRoleOf(course, viewer);
}

/** Throws unless the viewer may play this lesson (a free preview plays for anyone). */
export function authorizeLesson(course: CourseFacts, viewer: CourseViewer, lesson: { preview: boolean }): void {
  const refusal = lessonWatchRefusal(course, viewer, lesson);
  if (refusal) throw new AppError(refusal.code);
}
