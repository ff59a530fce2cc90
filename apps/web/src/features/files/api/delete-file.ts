import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { filesQueryKey } from './list-files';
import type { FileRecord } from '@/lib/domain';

/** 204 when deleted; 403 for someone else's file, 404 when already gone. */
export function deleteFile(link: string): Promise<void> {
  return api.delete<void>('/file/delete', { link });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_data, link) => {
      queryClient.setQueryData<FileRecord[]>(filesQueryKey, (files) => files?.filter((file) => file.link !== link));
      return queryClient.invalidateQueries({ queryKey: filesQueryKey });
    },
  });
}
