import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import type { SharedFile } from '@/lib/domain';

/** What a public link shows; no session needed. 410 once expired, 404 when deleted or unknown. */
export function fetchSharedFile(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<SharedFile> {
  return api.get<SharedFile>(`/files/${encodeURIComponent(token)}/info`, { signal });
}

export function useSharedFile(token: string) {
  return useQuery({
    queryKey: ['shared-file', token],
    queryFn: ({ signal }) => fetchSharedFile(token, { signal }),
    // An expired or missing link will not come back by asking again.
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
}
