import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fileForm, uploadForm, type UploadOptions } from '@/lib/upload';
import { filesQueryKey } from './list-files';
import type { FileRecord } from '@/lib/domain';

/** POST /api/file/upload; the name field goes before the file part so the server reads it first. */
export function uploadFile(file: File, name: string | undefined, options: UploadOptions = {}): Promise<FileRecord> {
  return uploadForm<FileRecord>('/file/upload', fileForm(file, name?.trim() ? { name: name.trim() } : {}), file.size, options);
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; loaded: number; total: number; /** bytes per second */ speed: number; /** seconds */ remaining: number | null }
  | { status: 'done'; file: FileRecord }
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
    async (file: File, name?: string): Promise<FileRecord | null> => {
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
        queryClient.setQueryData<FileRecord[]>(filesQueryKey, (files) => [record, ...(files ?? []).filter((f) => f.id !== record.id)]);
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
