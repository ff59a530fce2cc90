import { useCallback, useEffect, useRef, useState } from 'react';
import { fileForm, uploadForm, type UploadOptions } from '@/lib/upload';
import type { OrderFile } from '@/lib/domain';

/** `POST /api/order-files`: the file record, not yet attached to an order. */
export function uploadOrderFile(file: File, options: UploadOptions = {}): Promise<OrderFile> {
  return uploadForm<OrderFile>('/order-files', fileForm(file), file.size, options);
}

export type CaseFileUpload =
  | { key: string; name: string; size: number; status: 'uploading'; loaded: number; total: number }
  | { key: string; name: string; size: number; status: 'done'; record: OrderFile }
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
        onProgress: ({ loaded, total }) => update(key, () => ({ ...base, status: 'uploading', loaded, total })),
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

  const ids = items.flatMap((item) => (item.status === 'done' ? [item.record.id] : []));
  const busy = items.some((item) => item.status === 'uploading');
  return { items, ids, busy, add, remove, reset };
}
