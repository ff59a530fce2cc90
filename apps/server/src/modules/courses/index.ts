/** The courses module's public entry (docs/decisions/0029). */
export { coursesRoutes } from './courses.routes.js';
export { COURSE_VIDEO_PREFIX, deleteUnattachedVideos } from './course-videos.js';
export { settleCoursePayment } from './course-payments.js';
export { createCourse } from './courses.service.js';
export { confirmPaidEnrolment, saveProgress } from './enrollments.service.js';
