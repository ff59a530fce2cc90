import type { CourseDetailJson, CourseJson, EnrolledCourseJson, LessonJson } from '@cusp/shared';

export function buildCourse(overrides: Partial<CourseJson> = {}): CourseJson {
  return {
    _id: 'course-1',
    title: 'Custom abutments for implant crowns',
    description: 'From the scan body to a milling-ready abutment.',
    thumbnail: null,
    price: 49,
    tags: ['Implant Prosthetics'],
    category: 'Implant Prosthetics',
    creator: { _id: 'creator-1', username: 'lina_haddad', image: null },
    creatorName: 'lina_haddad',
    creatorProfilePic: null,
    lessonCount: 2,
    totalDuration: 630 + 300,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildLesson(overrides: Partial<LessonJson> = {}): LessonJson {
  return { _id: 'lesson-1', position: 0, title: 'Matching the scan body', duration: '10:30', durationSeconds: 630, preview: false, videoUrl: null, ...overrides };
}

export function buildCourseDetail(overrides: Partial<CourseDetailJson> = {}): CourseDetailJson {
  return {
    ...buildCourse(),
    lessons: [
      buildLesson({ _id: 'lesson-1', preview: true, videoUrl: '/api/courses/course-1/lessons/lesson-1/video' }),
      buildLesson({ _id: 'lesson-2', position: 1, title: 'Shaping the emergence profile', duration: '5:00', durationSeconds: 300 }),
    ],
    enrolled: false,
    isCreator: false,
    canWatch: false,
    progress: null,
    lastLessonId: null,
    ...overrides,
  };
}

export function buildEnrolled(overrides: Partial<EnrolledCourseJson> = {}): EnrolledCourseJson {
  return {
    _id: 'course-1',
    title: 'Custom abutments for implant crowns',
    description: 'From the scan body to a milling-ready abutment.',
    thumbnail: null,
    progress: 50,
    lessonCount: 2,
    completedLessons: 1,
    lastLessonId: 'lesson-1',
    creatorName: 'lina_haddad',
    enrolledAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}
