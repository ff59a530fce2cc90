import type { Attachment } from '@cusp/shared';
import { isApiErrorBody } from '@cusp/shared';
import { API_BASE, ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';

/**
 * POST /api/conversations/<id>/attachments (multipart field `file`) with XMLHttpRequest, which reports
 * upload progress (fetch does not). The file is private to the conversation's two parties
 * (docs/decisions/0020); the answer `{ url, name, type, size }` is the attachment to send with the
 * message, and its url downloads only with the session cookie (same origin).
 */
export function uploadAttachment(conversationId: string, file: File, onProgress?: (fraction: number) => void): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/conversations/${encodeURIComponent(conversationId)}/attachments`);
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
        const { url, name, type, size } = body as Attachment;
        resolve({ url, name, type, size });
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
