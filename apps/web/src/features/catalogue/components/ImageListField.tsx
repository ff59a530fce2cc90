import { ActionIcon, Box, FileInput, Group, Image, Stack } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';
import { IMAGE_MAX_MB, useImageUpload } from '../lib/use-image-upload';

interface ImageListFieldProps {
  label: string;
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  error?: string;
}

/** Several images (up to `max`), each uploaded when chosen, shown as previews with remove buttons. */
export function ImageListField({ label, value, onChange, max, error }: ImageListFieldProps) {
  const { t, number } = useI18n();
  const { upload, error: uploadError, setError, isUploading } = useImageUpload();
  const full = value.length >= max;

  const choose = async (files: File[]) => {
    const room = max - value.length;
    const urls: string[] = [];
    for (const file of files.slice(0, room)) {
      const url = await upload(file);
      if (url) urls.push(url);
    }
    if (urls.length > 0) onChange([...value, ...urls]);
    if (files.length > room) setError(t('catalogue.upload.limit', { count: max }));
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description={
          isUploading
            ? t('catalogue.upload.uploading')
            : `${t('catalogue.upload.limit', { count: max })} ${t('catalogue.upload.hint', { size: number(IMAGE_MAX_MB) })}`
        }
        placeholder={t('catalogue.upload.choose')}
        accept="image/*"
        multiple
        leftSection={<IconPhotoPlus size={18} aria-hidden />}
        value={[]}
        onChange={(files) => void choose(files)}
        error={uploadError ?? error}
        disabled={isUploading || full}
        fileInputProps={{ 'aria-label': label }}
      />
      {value.length > 0 ? (
        <Group gap="sm">
          {value.map((url, index) => (
            <Box key={url} pos="relative">
              <Image src={url} alt={t('catalogue.upload.previewNumbered', { index: index + 1 })} h={88} w={88} radius="md" fit="cover" />
              <ActionIcon
                pos="absolute"
                top={4}
                style={{ insetInlineEnd: 4 }}
                color="red"
                variant="filled"
                radius="xl"
                size="sm"
                aria-label={t('catalogue.upload.removeNumbered', { index: index + 1 })}
                onClick={() => onChange(value.filter((other) => other !== url))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
