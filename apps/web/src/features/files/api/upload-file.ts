import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FileRecordJson } from '@cusp/shared';
import { API_BASE, ApiError, apiErrorFrom } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { parseJson } from '../lib/http';
import { filesQueryKey } from './list-files';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/file/upload with XMLHttpRequest (fetch reports no upload progress). The name field goes
 * before the file part so the server reads it first. Rejects with an ApiError, or an AbortError
 * DOMException when `signal` aborts.
 */
export function uploadFile(file: File, name: string | undefined, { onProgress, signal }: UploadOptions = {}): Promise<FileRecordJson> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    if (name?.trim()) form.append('name', name.trim());
    form.append('file', file);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/file/upload`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as FileRecordJson);
      else reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; loaded: number; total: number; /** bytes per second */ speed: number; /** seconds */ remaining: number | null }
  | { status: 'done'; file: FileRecordJson }
  | { status: 'cancelled' }
  | { status: 'error'; error: unknown };

/**
 * One upload at a time, with its progress, speed and time left; `cancel` aborts it. On success the
 * new file is put first in the cached list (and the list refetched).
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File, name?: string): Promise<FileRecordJson | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const startedAt = performance.now();
      setState({ status: 'uploading', loaded: 0, total: file.size, speed: 0, remaining: null });
      try {
        const record = await uploadFile(file, name, {
          signal: abort.signal,
          onProgress: ({ loaded, total }) => {
            const seconds = (performance.now() - startedAt) / 1000;
            const speed = seconds > 0 ? loaded / seconds : 0;
            setState({ status: 'uploading', loaded, total, speed, remaining: speed > 0 ? (total - loaded) / speed : null });
          },
        });
        queryClient.setQueryData<FileRecordJson[]>(filesQueryKey, (files) => [record, ...(files ?? []).filter((f) => f._id !== record._id)]);
        void queryClient.invalidateQueries({ queryKey: filesQueryKey });
        setState({ status: 'done', file: record });
        return record;
      } catch (error) {
        if (abort.signal.aborted) {
          if (controller.current === abort) setState({ status: 'cancelled' });
        } else {
          setState({ status: 'error', error });
        }
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
