import { ApiError } from '@/lib/api';
import { fileForm, uploadForm, type UploadOptions } from '@/lib/upload';
import type { CourseVideo } from '@/lib/domain';

/** `POST /api/courses/videos`, one attempt. */
const sendVideo = (file: File, options: UploadOptions) => uploadForm<CourseVideo>('/courses/videos', fileForm(file), file.size, options);

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
  });

/**
 * Uploads one lesson video. A dropped connection (status 0) is tried again, up to `attempts` times
 * with a growing pause, so a flaky connection does not lose the lesson; the server's refusals
 * (wrong type, too large) are not retried.
 */
export async function uploadCourseVideo(file: File, options: UploadOptions & { attempts?: number; retryDelayMs?: number } = {}): Promise<CourseVideo> {
  const attempts = options.attempts ?? 3;
  const delay = options.retryDelayMs ?? 2000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendVideo(file, options);
    } catch (error) {
      const dropped = error instanceof ApiError && error.status === 0;
      if (!dropped || attempt >= attempts) throw error;
      options.onProgress?.({ loaded: 0, total: file.size });
      await wait(delay * attempt, options.signal);
    }
  }
}
