import { useMutation } from '@tanstack/react-query';
import type { UploadedMedia } from '@cusp/shared';
import { api } from '@/lib/api';

export function uploadImage(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<UploadedMedia>('/uploads', form);
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
