import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileRecordJson } from '@cusp/shared';
import { api } from '@/lib/api';

export const filesQueryKey = ['files'] as const;

/** The caller's files, newest first. */
export function fetchFiles({ signal }: { signal?: AbortSignal } = {}): Promise<FileRecordJson[]> {
  return api.get<FileRecordJson[]>('/file', { signal });
}

export const filesQueryOptions = queryOptions({
  queryKey: filesQueryKey,
  queryFn: ({ signal }) => fetchFiles({ signal }),
});

export function useFiles() {
  return useQuery(filesQueryOptions);
}
