import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DesignerProfileInput, ProfileEditInput } from '@cusp/shared';
import { meQueryKey } from '@/features/auth';
import { api } from '@/lib/api';
import type { CurrentUser, Profile } from '@/lib/domain';

export const profileKey = (userId: string) => ['profile', userId] as const;

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => api.get<Profile>(`/users/profile/${encodeURIComponent(userId)}`, { signal }),
  });
}

export function useProfile(userId: string | undefined) {
  return useQuery({ ...profileQueryOptions(userId ?? ''), enabled: !!userId });
}

/** `/designers/create`: completes the designer profile (docs/product.md §4.5); the session user changes. */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DesignerProfileInput) => api.patch<CurrentUser>('/users/profile', { ...body, isDesigner: true }),
    onSuccess: async (user) => {
      queryClient.setQueryData(meQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: profileKey(user.id) });
    },
  });
}

/** The owner's in-place edits (docs/product.md §4.6: the server refuses anyone else). */
export function useEditProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileEditInput) => api.patch<Profile>(`/users/profile/${encodeURIComponent(userId)}`, body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKey(userId), profile);
      await queryClient.invalidateQueries({ queryKey: meQueryKey }); // the navbar shows the avatar
    },
  });
}
