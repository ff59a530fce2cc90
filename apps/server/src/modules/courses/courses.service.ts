import type { ErrorCode } from '@cusp/shared';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import {
  fromMinor,
  parseDuration,
  presentCoursePolicies,
  toMinor,
  videoIdOfUrl,
  type CourseCreateValues,
  type CourseDetailJson,
  type CourseListQuery,
  type courseUpdateSchema,
  type PublishedCourseJson,
} from '@cusp/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { didYouMean, parseSearch, type Search } from '../../db/search.js';
import { courses, courseVideos, enrollments, lessonProgress, lessons, users, type CourseRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { catalogueChanged } from '../listings/index.js';
import { authorizeCourse, courseViewer } from './courses.policy.js';
import { percentOf, toCourseJson, toLessonJson, type CourseCreator, type LessonStats } from './courses.presenter.js';

/** Every course column but the search vector, which is never selected. */
const { search: _courseSearch, ...courseColumns } = getTableColumns(courses);
export { courseColumns };

const creatorColumns = { id: users.id, username: users.username, image: users.image };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type LessonValues = CourseCreateValues['lessons'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export async function findCourse(db: Db, id: string): Promise<{ course: CourseRow; creator: CourseCreator } | null> {
  if (!isUuid(id)) return null; // a malformed id names no course: 404 like any other
  const [found] = await db
    .select({ course: courseColumns, creator: creatorColumns })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(eq(courses.id, id))
    .limit(1);
  return found ?? null;
}

export async function loadCourse(ctx: AppContext, id: string) {
  const found = await findCourse(ctx.db, id);
  if (!found) throw new AppError('COURSE_NOT_FOUND');
  return found;
}

async function loadOwned(ctx: AppContext, user: UserRow, id: string) {
  const found = await loadCourse(ctx, id);
  authorizeCourse(found.course, await courseViewer(ctx.db, found.course, user), 'edit');
  return found;
}

/** Lesson count and summed known durations per course, in one grouped query. */
export async function lessonStatsFor(db: Db, courseIds: string[]): Promise<Map<string, LessonStats>> {
  const stats = new Map<string, LessonStats>();
  if (courseIds.length === 0) return stats;
  const rows = await db
    .select({
      courseId: lessons.courseId,
      count: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(sum(${lessons.durationSeconds}), 0)::int`,
    })
    .from(lessons)
    .where(inArray(lessons.courseId, courseIds))
    .groupBy(lessons.courseId);
  for (const row of rows) stats.set(row.courseId, { count: row.count, seconds: row.seconds });
  return stats;
}

const NO_LESSONS: LessonStats = { count: 0, seconds: 0 };

/** `GET /courses/{id}`: the lessons for everyone, their videos only for those who may watch (docs/product.md §10.2). */
export async function getCourse(ctx: AppContext, id: string, viewer: UserRow | null): Promise<CourseDetailJson> {
  const { course, creator } = await loadCourse(ctx, id);
  const [enrolment] = viewer
    ? await ctx.db
        .select({ lastLessonId: enrollments.lastLessonId })
        .from(enrollments)
        .where(and(eq(enrollments.courseId, id), eq(enrollments.userId, viewer.id)))
        .limit(1)
    : [];
  const { isCreator, canWatch } = presentCoursePolicies(course, viewer && { id: viewer.id, enrolled: !!enrolment });

  const rows = await ctx.db
    .select({ lesson: lessons, videoName: courseVideos.originalName })
    .from(lessons)
    .innerJoin(courseVideos, eq(courseVideos.id, lessons.videoId))
    .where(eq(lessons.courseId, id))
    .orderBy(asc(lessons.position));

  const progress = new Map<string, { position: number; completed: boolean; updatedAt: Date }>();
  if (canWatch && viewer) {
    const done = await ctx.db
      .select({ lessonId: lessonProgress.lessonId, position: lessonProgress.position, completed: lessonProgress.completed, updatedAt: lessonProgress.updatedAt })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, viewer.id), eq(lessonProgress.courseId, id)));
    for (const p of done) progress.set(p.lessonId, p);
  }

  const lessonJson = rows.map(({ lesson, videoName }) =>
    toLessonJson(lesson, { canWatch, isCreator, progress: progress.get(lesson.id), videoName }),
  );
  const seconds = rows.reduce((sum, { lesson }) => sum + (lesson.durationSeconds ?? 0), 0);
  const completed = lessonJson.filter((l) => l.completed).length;
  const lessonIds = new Set(rows.map((r) => r.lesson.id));
  return {
    ...toCourseJson(course, creator, { count: rows.length, seconds }, ctx.config.currency),
    lessons: lessonJson,
    enrolled: !!enrolment,
    isCreator,
    canWatch,
    progress: canWatch ? percentOf(completed, rows.length) : null,
    lastLessonId: canWatch ? resumeLesson(enrolment?.lastLessonId ?? null, progress, lessonIds) : null,
  };
}

/** The lesson to resume: the one last reported, else the most recently watched, if it still exists. */
function resumeLesson(last: string | null, progress: Map<string, { updatedAt: Date }>, lessonIds: Set<string>): string | null {
  if (last && lessonIds.has(last)) return last;
  let best: { id: string; at: number } | null = null;
  for (const [id, p] of progress) {
    if (lessonIds.has(id) && (!best || p.updatedAt.getTime() > best.at)) best = { id, at: p.updatedAt.getTime() };
  }
  return best?.id ?? null;
}

/**
 * `GET /courses` (docs/product.md §15.3): newest first, or by relevance when searching (ADR 0031); filter by category or
 * creator. A search that finds nothing may come with `didYouMean`.
 */
export async function listCourses(ctx: AppContext, query: CourseListQuery) {
  const conditions: SQL[] = [];
  if (query.tag) conditions.push(sql`${courses.tags} @> array[${query.tag}]::text[]`);
  if (query.creatorId) conditions.push(eq(courses.creatorId, query.creatorId));
  const search = await parseSearch(ctx.db, 'course', query.search);
  const whereWith = (s: Search | null) => {
    const all = s ? [...conditions, s.matches(courses.search)] : conditions;
    return all.length ? and(...all) : undefined;
  };
  const where = whereWith(search);
  const order = search ? [sql`${search.rank(courses.search)} desc`, desc(courses.createdAt)] : [desc(courses.createdAt), desc(courses.id)];
  const count = async (condition: SQL | undefined) =>
    (await ctx.db.select({ total: sql<number>`count(*)::int` }).from(courses).where(condition))[0]?.total ?? 0;

  const [rows, total] = await Promise.all([
    ctx.db
      .select({ course: courseColumns, creator: creatorColumns })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.creatorId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    count(where),
  ]);
  const stats = await lessonStatsFor(ctx.db, rows.map((r) => r.course.id));
  const items = rows.map((r) => toCourseJson(r.course, r.creator, stats.get(r.course.id) ?? NO_LESSONS, ctx.config.currency));
  const suggestion = total === 0 ? await didYouMean(ctx.db, 'course', search, (corrected) => count(whereWith(corrected))) : null;
  return { items, total, didYouMean: suggestion };
}

/** `GET /courses/mine`: the caller's courses with their enrolment counts and takings. */
export async function listPublished(ctx: AppContext, user: UserRow): Promise<PublishedCourseJson[]> {
  const rows = await ctx.db.select(courseColumns).from(courses).where(eq(courses.creatorId, user.id)).orderBy(desc(courses.createdAt));
  const ids = rows.map((r) => r.id);
  const stats = await lessonStatsFor(ctx.db, ids);
  const sales = new Map<string, { count: number; revenue: number }>();
  if (ids.length) {
    const grouped = await ctx.db
      .select({
        courseId: enrollments.courseId,
        count: sql<number>`count(*)::int`,
        revenue: sql<number>`coalesce(sum(${enrollments.pricePaid}), 0)::int`,
      })
      .from(enrollments)
      .where(inArray(enrollments.courseId, ids))
      .groupBy(enrollments.courseId);
    for (const g of grouped) sales.set(g.courseId, { count: g.count, revenue: g.revenue });
  }
  const c = ctx.config.currency;
  return rows.map((row) => ({
    ...toCourseJson(row, user, stats.get(row.id) ?? NO_LESSONS, c),
    enrollmentCount: sales.get(row.id)?.count ?? 0,
    revenue: fromMinor(sales.get(row.id)?.revenue ?? 0, c),
  }));
}

const lessonError = (index: number, field: string, code: ErrorCode) => fieldError(code, `lessons.${index}.${field}`);

/**
 * Checks every lesson's video reference (docs/product.md §10.2): uploaded by `user` through `POST /courses/videos`, and
 * not already part of another course (or, when editing, part of this one). Returns the video ids in order.
 */
async function checkVideos(db: Db | Tx, user: UserRow, list: LessonValues[], courseId: string | null): Promise<string[]> {
  const ids = list.map((l) => videoIdOfUrl(l.videoUrl)!);
  const owned = await db
    .select({ id: courseVideos.id, uploaderId: courseVideos.uploaderId })
    .from(courseVideos)
    .where(inArray(courseVideos.id, ids));
  const uploader = new Map(owned.map((v) => [v.id, v.uploaderId]));
  const attached = await db.select({ videoId: lessons.videoId, courseId: lessons.courseId }).from(lessons).where(inArray(lessons.videoId, ids));
  const attachedTo = new Map(attached.map((a) => [a.videoId, a.courseId]));
  ids.forEach((id, i) => {
    if (uploader.get(id) !== user.id) throw lessonError(i, 'videoUrl', 'COURSE_VIDEO_NOT_YOURS');
    const course = attachedTo.get(id);
    if (course && course !== courseId) throw lessonError(i, 'videoUrl', 'COURSE_VIDEO_TWICE');
  });
  return ids;
}

function lessonRow(lesson: LessonValues, videoId: string, position: number) {
  return {
    title: lesson.title,
    videoId,
    position,
    duration: lesson.duration,
    durationSeconds: lesson.duration ? parseDuration(lesson.duration) : null,
    preview: lesson.preview,
  };
}

function courseValues(ctx: AppContext, input: Partial<CourseCreateValues>) {
  const row: Partial<typeof courses.$inferInsert> = {};
  if (input.title !== undefined) row.title = input.title;
  if (input.description !== undefined) row.description = input.description;
  if (input.thumbnail !== undefined) row.thumbnail = input.thumbnail;
  if (input.price !== undefined) row.price = toMinor(input.price, ctx.config.currency);
  if (input.tags !== undefined) row.tags = input.tags;
  return row;
}

/** `POST /courses`: any logged-in member (docs/product.md §10.1), with at least one lesson whose video the caller uploaded. */
export async function createCourse(ctx: AppContext, user: UserRow, input: CourseCreateValues): Promise<CourseDetailJson> {
  const id = await ctx.db.transaction(async (tx) => {
    const videoIds = await checkVideos(tx, user, input.lessons, null);
    const [row] = await tx
      .insert(courses)
      .values({ ...(courseValues(ctx, input) as typeof courses.$inferInsert), creatorId: user.id })
      .returning({ id: courses.id });
    await tx.insert(lessons).values(input.lessons.map((l, i) => ({ ...lessonRow(l, videoIds[i]!, i), courseId: row!.id })));
    return row!.id;
  });
  catalogueChanged(ctx, {}); // no service shows a course
  return getCourse(ctx, id, user);
}

/**
 * `PATCH /courses/{id}`, creator only. `lessons`, when sent, is the new list in order: lessons sent
 * with their id keep it (and their learners' progress), others are added, missing ones removed.
 * Videos no longer used by any lesson are deleted.
 */
export async function updateCourse(ctx: AppContext, user: UserRow, id: string, input: z.output<typeof courseUpdateSchema>) {
  await loadOwned(ctx, user, id);
  const dropped = await ctx.db.transaction(async (tx) => {
    await tx.update(courses).set({ ...courseValues(ctx, input), updatedAt: new Date() }).where(eq(courses.id, id));
    if (!input.lessons) return [];
    const before = await tx.select({ id: lessons.id, videoId: lessons.videoId }).from(lessons).where(eq(lessons.courseId, id));
    const existing = new Set(before.map((l) => l.id));
    input.lessons.forEach((l, i) => {
      if (l.id && !existing.has(l.id)) throw lessonError(i, '_id', 'LESSON_NOT_IN_COURSE'); // the field as the client sent it
    });
    if (new Set(input.lessons.filter((l) => l.id).map((l) => l.id)).size !== input.lessons.filter((l) => l.id).length) {
      throw fieldError('LESSON_NOT_IN_COURSE', 'lessons');
    }
    const videoIds = await checkVideos(tx, user, input.lessons, id);
    const kept = new Set(input.lessons.map((l) => l.id).filter(Boolean) as string[]);
    const removed = before.filter((l) => !kept.has(l.id)).map((l) => l.id);
    if (removed.length) await tx.delete(lessons).where(inArray(lessons.id, removed));
    for (const [i, lesson] of input.lessons.entries()) {
      const values = lessonRow(lesson, videoIds[i]!, i);
      if (lesson.id) await tx.update(lessons).set(values).where(eq(lessons.id, lesson.id));
      else await tx.insert(lessons).values({ ...values, courseId: id });
    }
    const stillUsed = new Set(videoIds);
    const unused = [...new Set(before.map((l) => l.videoId))].filter((v) => !stillUsed.has(v));
    if (unused.length === 0) return [];
    return await tx.delete(courseVideos).where(inArray(courseVideos.id, unused)).returning({ key: courseVideos.storageKey });
  });
  catalogueChanged(ctx, {}); // no service shows a course
  for (const { key } of dropped) await ctx.storage.delete(key);
  return getCourse(ctx, id, user);
}

/**
 * `DELETE /courses/{id}`, creator only. A course with learners is kept (409): they paid for it. Its
 * lessons, progress and videos go with it.
 */
export async function deleteCourse(ctx: AppContext, user: UserRow, id: string) {
  await loadOwned(ctx, user, id);
  const conflict = () => new AppError('COURSE_HAS_LEARNERS');
  let keys: string[];
  try {
    keys = await ctx.db.transaction(async (tx) => {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(enrollments)
        .where(eq(enrollments.courseId, id));
      if (count > 0) throw conflict();
      const videoIds = (await tx.select({ videoId: lessons.videoId }).from(lessons).where(eq(lessons.courseId, id))).map((l) => l.videoId);
      // Lessons and progress go by cascade; enrolments are `restrict`, so one arriving meanwhile fails this.
      await tx.delete(courses).where(eq(courses.id, id));
      if (videoIds.length === 0) return [];
      const gone = await tx.delete(courseVideos).where(inArray(courseVideos.id, videoIds)).returning({ key: courseVideos.storageKey });
      return gone.map((g) => g.key);
    });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw conflict();
    throw error;
  }
  catalogueChanged(ctx, {}); // no service shows a course
  for (const key of keys) await ctx.storage.delete(key);
}
