import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The answer of `POST /uploads` (docs/product.md §8.3; it keeps the media host's shape). */
export interface UploadedMedia {
  secure_url: string;
  thumbnail_url: string | null;
  original_filename: string;
  resource_type: string;
  bytes: number;
}

export function uploadImage(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<UploadedMedia>('/uploads', form);
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
