import { useState } from 'react';
import { IMAGE_MAX_BYTES } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useUploadImage } from '../api/uploads';

/**
 * Uploads a picked image to `POST /uploads` (docs/product.md §8.3) and gives back its `/media/...` URL, or null with a
 * readable error. Files that are not images or are too large are refused before any upload.
 */
export function useImageUpload() {
  const { t } = useI18n();
  const { failure } = useMessages();
  const mutation = useUploadImage();
  const [error, setError] = useState<string>();

  const upload = async (file: File): Promise<string | null> => {
    setError(undefined);
    if (!file.type.startsWith('image/')) {
      setError(t('errors.notAnImage'));
      return null;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setError(t('errors.imageTooLarge'));
      return null;
    }
    try {
      const uploaded = await mutation.mutateAsync(file);
      return uploaded.secureUrl;
    } catch (cause) {
      setError(failure(cause, t('catalogue.upload.failed')));
      return null;
    }
  };

  return { upload, error, setError, isUploading: mutation.isPending };
}

export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);
