import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { FileRecord } from '@/lib/domain';

export const filesQueryKey = ['files'] as const;

/** The caller's files, newest first. */
export function fetchFiles({ signal }: { signal?: AbortSignal } = {}): Promise<FileRecord[]> {
  return api.get<FileRecord[]>('/file', { signal });
}

export const filesQueryOptions = queryOptions({
  queryKey: filesQueryKey,
  queryFn: ({ signal }) => fetchFiles({ signal }),
});

export function useFiles() {
  return useQuery(filesQueryOptions);
}
