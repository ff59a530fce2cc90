import { ActionIcon, Box, FileInput, Image, Stack } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';
import { IMAGE_MAX_MB, useImageUpload } from '../lib/use-image-upload';

interface ImageFieldProps {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
}

/** One image, uploaded as soon as it is chosen, with a preview and a remove button. */
export function ImageField({ label, value, onChange, error }: ImageFieldProps) {
  const { t, number } = useI18n();
  const { upload, error: uploadError, isUploading } = useImageUpload();

  const choose = async (file: File | null) => {
    if (!file) return;
    const url = await upload(file);
    if (url) onChange(url);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description={isUploading ? t('catalogue.upload.uploading') : t('catalogue.upload.hint', { size: number(IMAGE_MAX_MB) })}
        placeholder={t('catalogue.upload.choose')}
        accept="image/*"
        leftSection={<IconPhoto size={18} aria-hidden />}
        value={null}
        onChange={(file) => void choose(file)}
        error={uploadError ?? error}
        disabled={isUploading}
        fileInputProps={{ 'aria-label': label }}
      />
      {value ? (
        <Box pos="relative" w="fit-content">
          <Image src={value} alt={t('catalogue.upload.preview')} h={120} w="auto" maw="100%" radius="md" fit="cover" />
          <ActionIcon
            pos="absolute"
            top={6}
            style={{ insetInlineEnd: 6 }}
            color="red"
            variant="filled"
            radius="xl"
            aria-label={t('catalogue.upload.remove')}
            onClick={() => onChange(null)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Box>
      ) : null}
    </Stack>
  );
}
