import type { CourseVideoJson } from '@cusp/shared';
import { API_BASE, ApiError, apiErrorFrom } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/courses/videos` with XMLHttpRequest, which reports upload progress (fetch does not). No
 * timeout: a slow connection simply takes longer. Rejects with an ApiError, or an AbortError
 * DOMException when `signal` aborts.
 */
function sendVideo(file: File, { onProgress, signal }: UploadOptions): Promise<CourseVideoJson> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/courses/videos`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as CourseVideoJson);
      else reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

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
export async function uploadCourseVideo(file: File, options: UploadOptions & { attempts?: number; retryDelayMs?: number } = {}): Promise<CourseVideoJson> {
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
