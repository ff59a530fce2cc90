import { API_BASE, ApiError, apiErrorFrom } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { fromWire, type Domain } from '@/lib/wire';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
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
 * POSTs a multipart form to `/api{path}` with XMLHttpRequest, the one way to see upload progress
 * (fetch reports none). No timeout: a slow connection just takes longer. `size` is the progress total
 * when the browser cannot compute one. Rejects with an ApiError (status 0 when the connection drops),
 * or an AbortError DOMException when `signal` aborts.
 */
export function uploadForm<T>(path: string, form: FormData, size: number, { onProgress, signal }: UploadOptions = {}): Promise<Domain<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : size });
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(fromWire(body as T));
      else reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** A form with one file in the field `file`, as every upload endpoint expects. */
export function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  // Fields before the file part, so the server reads them first.
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file);
  return form;
}
