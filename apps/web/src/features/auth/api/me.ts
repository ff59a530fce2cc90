import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import type { CurrentUser } from '@/lib/domain';

export const meQueryKey = ['me'] as const;

/** Who is logged in: the user, or null for a visitor (401). The session itself is an httpOnly cookie. */
export async function fetchMe({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const { user } = await api.get<{ user: CurrentUser }>('/auth/me', { signal });
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe({ signal }),
  staleTime: 5 * 60_000,
});

/**
 * The single source of truth for the session. `user` is null for a visitor and, if the check
 * itself failed, also null: nothing is shown as logged in that the server has not confirmed.
 */
export function useMe() {
  const query = useQuery(meQueryOptions);
  return { user: query.data ?? null, isPending: query.isPending, query };
}
