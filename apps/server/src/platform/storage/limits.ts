import { COURSE_VIDEO_MAX_BYTES, FILE_MAX_BYTES, IMAGE_MAX_BYTES } from '@cusp/shared';

/**
 * The upload limits every store function enforces while the bytes stream (docs/product.md §13,
 * from @cusp/shared). One object so that tests can lower a limit and stream a little past it instead of
 * hundreds of megabytes; nothing in the product changes them.
 */
export const uploadLimits = {
  /** Case files: /api/file/upload, /api/order-files, chat attachments. */
  caseFile: FILE_MAX_BYTES,
  /** Public media: /api/uploads, the sign-up picture. */
  image: IMAGE_MAX_BYTES,
  /** Lesson videos: /api/courses/videos. */
  courseVideo: COURSE_VIDEO_MAX_BYTES,
};
