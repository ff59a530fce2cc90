import { coursePrice, isCourseCategory, parseDuration, type CourseCreateInput } from '@cusp/shared';
import type { CourseDetail } from '@/lib/domain';

/** One lesson while the form is open: its video is uploaded as soon as it is chosen. */
export interface LessonDraft {
  /** Local key for React and for errors; stable while the form lives. */
  key: string;
  /** An existing lesson (editing keeps it, and its learners' progress). */
  id?: string;
  title: string;
  duration: string;
  preview: boolean;
  /** The uploaded video: its `/api/courses/videos/{id}` reference and file name. */
  video: { url: string; name: string } | null;
  upload: UploadStatus;
}

export type UploadStatus =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; loaded: number; total: number }
  | { status: 'error'; name: string; message: string; file: File };

export interface CourseDraft {
  title: string;
  description: string;
  category: string | null;
  price: number | string;
  thumbnail: string | null;
  lessons: LessonDraft[];
}

let counter = 0;
export const newLesson = (): LessonDraft => ({ key: `lesson-${++counter}`, title: '', duration: '', preview: false, video: null, upload: { status: 'idle' } });

export const emptyCourse = (): CourseDraft => ({ title: '', description: '', category: null, price: 0, thumbnail: null, lessons: [newLesson()] });

/** The form prefilled with a course the creator edits. */
export function draftOf(course: CourseDetail): CourseDraft {
  return {
    title: course.title,
    description: course.description,
    category: course.tags[0] ?? null,
    price: course.price,
    thumbnail: course.thumbnail,
    lessons: course.lessons.map((lesson) => ({
      ...newLesson(),
      id: lesson.id,
      title: lesson.title,
      duration: lesson.duration ?? '',
      preview: lesson.preview,
      video: lesson.videoRef ? { url: lesson.videoRef, name: lesson.videoName ?? lesson.title } : null,
    })),
  };
}

export interface DetailsCheck {
  /** The sentence for the form (docs/product.md §10.1), when something is missing. */
  message?: string;
  fields: Partial<Record<'title' | 'description' | 'price', string>>;
}

/** Step 1 (docs/product.md §10.1): title and description required; price 0 or more with at most cents. */
export function checkDetails(draft: CourseDraft): DetailsCheck {
  const fields: DetailsCheck['fields'] = {};
  if (!draft.title.trim()) fields.title = 'COURSE_REQUIRED_FIELDS';
  if (!draft.description.trim()) fields.description = 'COURSE_REQUIRED_FIELDS';
  const missing = Object.keys(fields).length > 0;
  const price = coursePrice.safeParse(draft.price === '' ? undefined : draft.price);
  if (!price.success) fields.price = price.error.issues[0]?.message ?? 'COURSE_PRICE';
  return { message: missing ? 'COURSE_REQUIRED_FIELDS' : undefined, fields };
}

export interface LessonsCheck {
  message?: string;
  /** Per lesson key: which of its fields need attention. */
  lessons: Record<string, { title?: boolean; video?: boolean; duration?: string }>;
  uploading: boolean;
}

/** Step 2 (docs/product.md §10.1): every lesson has a title and a video; a duration, when given, reads like 10:30. */
export function checkLessons(lessons: LessonDraft[]): LessonsCheck {
  const result: LessonsCheck = { lessons: {}, uploading: lessons.some((l) => l.upload.status === 'uploading') };
  let incomplete = false;
  for (const lesson of lessons) {
    const problems: LessonsCheck['lessons'][string] = {};
    if (!lesson.title.trim()) problems.title = true;
    if (!lesson.video) problems.video = true;
    if (problems.title || problems.video) incomplete = true;
    if (lesson.duration.trim() && parseDuration(lesson.duration) === null) problems.duration = 'COURSE_DURATION';
    if (Object.keys(problems).length) result.lessons[lesson.key] = problems;
  }
  if (lessons.length === 0 || incomplete) result.message = 'COURSE_LESSON_INCOMPLETE';
  else if (Object.keys(result.lessons).length) result.message = 'COURSE_DURATION';
  return result;
}

/** What `POST /courses` and `PATCH /courses/{id}` receive: money in major units, the category as single tag. */
export function toPayload(draft: CourseDraft): CourseCreateInput {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    thumbnail: draft.thumbnail ?? '',
    price: Number(draft.price),
    tags: isCourseCategory(draft.category) ? [draft.category] : [],
    lessons: draft.lessons.map((lesson) => ({
      ...(lesson.id ? { _id: lesson.id } : {}),
      title: lesson.title.trim(),
      videoUrl: lesson.video?.url ?? '',
      duration: lesson.duration.trim() || null,
      preview: lesson.preview,
    })),
  };
}
