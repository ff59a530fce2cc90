import { courseVideoUrl, fromMinor, type CourseJson, type EnrollmentJson, type LessonJson } from '@cusp/shared';
import type { CourseRow, EnrollmentRow, LessonRow, UserRow } from '../../db/schema/index.js';

export type CourseCreator = Pick<UserRow, 'id' | 'username' | 'image'>;

export interface LessonStats {
  count: number;
  seconds: number;
}

/** The API's course: `creator`, `creatorName` and `creatorProfilePic` all kept (docs/product.md §15.1); money in major units. */
export function toCourseJson(row: CourseRow, creator: CourseCreator, stats: LessonStats, currency: string): CourseJson {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    price: fromMinor(row.price, currency),
    tags: row.tags,
    category: row.tags[0] ?? '',
    creator: { _id: creator.id, username: creator.username, image: creator.image },
    creatorName: creator.username,
    creatorProfilePic: creator.image,
    lessonCount: stats.count,
    totalDuration: stats.seconds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const lessonVideoPath = (courseId: string, lessonId: string) => `/api/courses/${courseId}/lessons/${lessonId}/video`;

export interface LessonView {
  /** The viewer may play every lesson (creator, enrolled). */
  canWatch: boolean;
  isCreator: boolean;
  progress?: { position: number; completed: boolean };
  videoName?: string;
}

/** A lesson as one viewer may see it: the video address only when that viewer may play it (docs/product.md §10.2). */
export function toLessonJson(row: LessonRow, view: LessonView): LessonJson {
  const json: LessonJson = {
    _id: row.id,
    position: row.position,
    title: row.title,
    duration: row.duration,
    durationSeconds: row.durationSeconds,
    preview: row.preview,
    videoUrl: view.canWatch || row.preview ? lessonVideoPath(row.courseId, row.id) : null,
  };
  if (view.isCreator) {
    json.videoRef = courseVideoUrl(row.videoId);
    if (view.videoName) json.videoName = view.videoName;
  }
  if (view.canWatch) {
    json.completed = view.progress?.completed ?? false;
    json.watchedSeconds = view.progress?.position ?? 0;
  }
  return json;
}

export function toEnrollmentJson(row: EnrollmentRow, currency: string): EnrollmentJson {
  return {
    _id: row.id,
    courseId: row.courseId,
    userId: row.userId,
    transactionId: row.paymentId,
    paymentMethod: row.paymentId ? 'creditcard' : null,
    pricePaid: fromMinor(row.pricePaid, currency),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whole percent of lessons completed, 0 for a course without lessons. */
export const percentOf = (completed: number, total: number) => (total > 0 ? Math.round((Math.min(completed, total) / total) * 100) : 0);
