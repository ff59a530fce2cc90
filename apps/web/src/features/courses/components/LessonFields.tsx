import { ActionIcon, Button, Fieldset, FileInput, Group, Progress, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMovie, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { COURSE_VIDEO_MAX_BYTES } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useCourseMessages } from '../lib/messages';
import type { LessonDraft, LessonsCheck } from '../lib/wizard';

export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov';

interface LessonFieldsProps {
  lesson: LessonDraft;
  index: number;
  count: number;
  problems?: LessonsCheck['lessons'][string];
  /** The server's reason for refusing this lesson, if it did. */
  serverError?: string;
  onChange: (change: Partial<Pick<LessonDraft, 'title' | 'duration' | 'preview'>>) => void;
  onFile: (file: File) => void;
  onCancelUpload: () => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

const megabytes = (bytes: number) => bytes / (1024 * 1024);

/** One lesson of the wizard: title, video (uploaded at once, with progress), optional duration, free preview. */
export function LessonFields({ lesson, index, count, problems, serverError, onChange, onFile, onCancelUpload, onRemove, onMove }: LessonFieldsProps) {
  const { t, number } = useI18n();
  const { message } = useCourseMessages();
  const n = index + 1;
  const upload = lesson.upload;
  const videoLabel = t('courses.wizard.videoFor', { index: number(n) });
  /** "5.2 KB" or "120.4 MB", in the active language. */
  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? number(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })
      : number(megabytes(bytes), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

  let videoPart;
  if (upload.status === 'uploading') {
    const percent = upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0;
    videoPart = (
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {videoLabel}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {upload.name}
          </Text>
          <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={onCancelUpload}>
            {t('courses.wizard.cancelUpload')}
          </Button>
        </Group>
        <Progress value={percent} animated striped aria-label={t('courses.wizard.uploadingName', { name: upload.name })} />
        <Text size="xs" c="dimmed" role="status">
          {t('courses.wizard.uploadProgress', { percent: number(percent), loaded: size(upload.loaded), total: size(upload.total) })}
        </Text>
      </Stack>
    );
  } else {
    const error = upload.status === 'error' ? upload.message : problems?.video ? t('courses.wizard.videoMissing') : undefined;
    videoPart = (
      <Stack gap={6}>
        <FileInput
          label={videoLabel}
          withAsterisk
          description={
            lesson.video
              ? t('courses.wizard.videoUploaded', { name: lesson.video.name })
              : t('courses.wizard.videoHint', { size: number(megabytes(COURSE_VIDEO_MAX_BYTES)) })
          }
          placeholder={lesson.video ? t('courses.wizard.replaceVideo') : t('courses.wizard.chooseVideo')}
          accept={VIDEO_ACCEPT}
          leftSection={<IconMovie size={18} aria-hidden />}
          value={null}
          onChange={(file) => file && onFile(file)}
          error={error}
          fileInputProps={{ 'aria-label': videoLabel }}
        />
        {upload.status === 'error' ? (
          <Button variant="light" size="compact-sm" w="fit-content" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => onFile(upload.file)}>
            {t('courses.wizard.retryUpload')}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Fieldset legend={t('courses.wizard.lessonLegend', { index: number(n) })} radius="md">
      <Stack gap="sm">
        <TextInput
          label={t('courses.wizard.lessonTitle')}
          withAsterisk
          value={lesson.title}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
          error={problems?.title ? t('courses.wizard.lessonTitleMissing') : undefined}
          maxLength={200}
        />
        {videoPart}
        <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
          <TextInput
            label={t('courses.wizard.duration')}
            description={t('courses.wizard.durationHint')}
            placeholder="10:30"
            dir="ltr"
            data-digits
            value={lesson.duration}
            onChange={(e) => onChange({ duration: e.currentTarget.value })}
            error={message(problems?.duration)}
            maxLength={10}
          />
          <Switch
            mt={{ sm: 'xl' }}
            label={t('courses.wizard.preview')}
            description={t('courses.wizard.previewHint')}
            checked={lesson.preview}
            onChange={(e) => onChange({ preview: e.currentTarget.checked })}
          />
        </SimpleGrid>
        {serverError ? (
          <Text size="sm" c="red.8" role="alert">
            {serverError}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <ActionIcon variant="default" size="lg" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('courses.wizard.moveUp', { index: number(n) })}>
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('courses.wizard.moveDown', { index: number(n) })}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
          {count > 1 ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove} aria-label={t('courses.wizard.removeLesson', { index: number(n) })}>
              {t('courses.wizard.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Fieldset>
  );
}
