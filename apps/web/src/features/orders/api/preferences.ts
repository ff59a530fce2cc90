import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresetInput } from '@cusp/shared';
import { api } from '@/lib/api';
import type { Preset } from '@/lib/domain';

export const presetsKey = ['preferences'] as const;

/** `GET /api/preferences`: the member's saved design presets, the default first (docs/decisions/0028). */
export function usePresets() {
  return useQuery({ queryKey: presetsKey, queryFn: ({ signal }) => api.get<Preset[]>('/preferences', { signal }), staleTime: 60_000 });
}

/** `POST /api/preferences`: save the order's design block as a preset. */
export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PresetInput) => api.post<Preset>('/preferences', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsKey }),
  });
}
