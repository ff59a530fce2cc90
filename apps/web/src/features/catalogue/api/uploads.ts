import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { UploadedImage } from '@/lib/domain';

export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<UploadedImage>('/uploads', form);
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
