import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderFileJson } from '@cusp/shared';
import { API_BASE, ApiError, apiErrorFrom } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { parseJson } from '@/features/files/lib/http';

interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/order-files` (multipart field `file`) with XMLHttpRequest, for its upload progress.
 * Resolves with the file record (not yet attached to an order); rejects with an ApiError, or an
 * AbortError DOMException when `signal` aborts.
 */
export function uploadOrderFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<OrderFileJson> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/order-files`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as OrderFileJson);
      else reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export type CaseFileUpload =
  | { key: string; name: string; size: number; status: 'uploading'; loaded: number; total: number }
  | { key: string; name: string; size: number; status: 'done'; record: OrderFileJson }
  | { key: string; name: string; size: number; status: 'error'; error: unknown };

let sequence = 0;

/**
 * Several uploads side by side, each with its progress; `remove` cancels a running one or drops a
 * finished one from the list (a file that is never attached to an order stays unused on the server).
 */
export function useCaseFileUploads() {
  const [items, setItems] = useState<CaseFileUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((key: string, next: (item: CaseFileUpload) => CaseFileUpload) => {
    setItems((list) => list.map((item) => (item.key === key ? next(item) : item)));
  }, []);

  const add = useCallback(
    (file: File) => {
      sequence += 1;
      const key = `upload-${sequence}`;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const base = { key, name: file.name, size: file.size };
      setItems((list) => [...list, { ...base, status: 'uploading', loaded: 0, total: file.size }]);
      uploadOrderFile(file, {
        signal: controller.signal,
        onProgress: (loaded, total) => update(key, () => ({ ...base, status: 'uploading', loaded, total })),
      }).then(
        (record) => update(key, () => ({ ...base, status: 'done', record })),
        (error: unknown) => {
          if (!controller.signal.aborted) update(key, () => ({ ...base, status: 'error', error }));
        },
      ).finally(() => controllers.current.delete(key));
    },
    [update],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(() => {
    controllers.current.forEach((controller) => controller.abort());
    controllers.current.clear();
    setItems([]);
  }, []);

  const ids = items.flatMap((item) => (item.status === 'done' ? [item.record._id] : []));
  const busy = items.some((item) => item.status === 'uploading');
  return { items, ids, busy, add, remove, reset };
}
