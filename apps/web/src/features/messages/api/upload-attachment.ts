import type { Attachment } from '@cusp/shared';
import { isApiErrorBody } from '@cusp/shared';
import { API_BASE, ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';

interface UploadAnswer {
  secure_url: string;
  thumbnail_url?: string | null;
  original_filename: string;
  resource_type: Attachment['type'];
  bytes: number;
}

/**
 * POST /api/uploads (multipart field `file`) with XMLHttpRequest, which reports upload progress
 * (fetch does not); answers the attachment to send with the message.
 */
export function uploadAttachment(file: File, onProgress?: (fraction: number) => void): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploads`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.resolvedLanguage ?? 'en');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'NETWORK'));
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        const answer = body as UploadAnswer;
        resolve({ url: answer.secure_url, name: answer.original_filename, type: answer.resource_type, size: answer.bytes });
      } else if (isApiErrorBody(body)) {
        reject(new ApiError(xhr.status, body.message, body.code, body.fieldErrors));
      } else {
        reject(new ApiError(xhr.status, '', 'UNKNOWN'));
      }
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
