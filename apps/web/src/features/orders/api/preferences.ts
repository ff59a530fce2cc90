import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresetInput, PresetJson } from '@cusp/shared';
import { api } from '@/lib/api';

export const presetsKey = ['preferences'] as const;

/** `GET /api/preferences`: the member's saved design presets, the default first (docs/decisions/0028). */
export function usePresets() {
  return useQuery({ queryKey: presetsKey, queryFn: ({ signal }) => api.get<PresetJson[]>('/preferences', { signal }), staleTime: 60_000 });
}

/** `POST /api/preferences`: save the order's design block as a preset. */
export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PresetInput) => api.post<PresetJson>('/preferences', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsKey }),
  });
}
