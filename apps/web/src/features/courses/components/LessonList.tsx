import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';
import { useCourseLabels } from '../lib/labels';
import classes from './LessonList.module.css';
import type { Lesson } from '@/lib/domain';

interface LessonListProps {
  lessons: Lesson[];
  /** The viewer may play every lesson (on the learn page): no preview buttons on the detail page then. */
  canWatch?: boolean;
  /** The learn page: the lesson playing now, and choosing another. */
  currentId?: string;
  onSelect?: (lesson: Lesson) => void;
}

/**
 * The lessons of a course, numbered, with their durations. On the detail page a free preview plays in
 * a dialog; other lessons show a lock until the viewer may watch them. On the learn page every row
 * chooses its lesson and completed ones are ticked.
 */
export function LessonList({ lessons, canWatch = false, currentId, onSelect }: LessonListProps) {
  const { t, number } = useI18n();
  const labels = useCourseLabels();
  const [preview, setPreview] = useState<Lesson | null>(null);

  const row = (lesson: Lesson, index: number) => {
    const duration = labels.clock(lesson.durationSeconds, lesson.duration);
    const current = lesson.id === currentId;
    const icon = lesson.completed ? (
      <ThemeIcon color="teal" variant="transparent" size="sm" aria-hidden>
        <IconCircleCheckFilled size={18} />
      </ThemeIcon>
    ) : lesson.videoUrl ? (
      <ThemeIcon color="cusp" variant="light" size="sm" radius="xl" aria-hidden>
        <IconPlayerPlay size={12} />
      </ThemeIcon>
    ) : (
      <ThemeIcon color="gray" variant="light" size="sm" radius="xl" aria-hidden>
        <IconLock size={12} />
      </ThemeIcon>
    );
    const text = (
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 14rem', minWidth: 0 }}>
        {icon}
        <Text size="sm" c="dimmed" w={24} ta="end" aria-hidden>
          {number(index + 1)}
        </Text>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={current ? 700 : 500} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {lesson.title}
          </Text>
          <Group gap="xs">
            {duration ? (
              <Text size="xs" c="dimmed" dir="ltr">
                {duration}
              </Text>
            ) : null}
            {lesson.preview ? (
              <Badge size="xs" variant="light" c="cusp.9">
                {t('courses.lessons.freePreview')}
              </Badge>
            ) : null}
            {lesson.completed ? (
              <Text size="xs" c="teal.9">
                {t('courses.lessons.completed')}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    );

    if (onSelect) {
      return (
        <UnstyledButton
          className={classes.row}
          data-current={current || undefined}
          aria-current={current ? 'true' : undefined}
          onClick={() => onSelect(lesson)}
          aria-label={t('courses.lessons.playNumbered', { index: number(index + 1), title: lesson.title })}
        >
          {text}
        </UnstyledButton>
      );
    }
    return (
      <Group className={classes.row} gap="sm" justify="flex-end">
        {text}
        {lesson.videoUrl && lesson.preview && !canWatch ? (
          <Button size="compact-sm" variant="light" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => setPreview(lesson)}>
            <span>
              {t('courses.lessons.watchPreview')}
              <VisuallyHidden>: {lesson.title}</VisuallyHidden>
            </span>
          </Button>
        ) : null}
        {!lesson.videoUrl ? <VisuallyHidden>{t('courses.lessons.locked')}</VisuallyHidden> : null}
      </Group>
    );
  };

  return (
    <>
      <Paper withBorder radius="md">
        <Stack gap={0} component="ol" className={classes.list}>
          {lessons.map((lesson, index) => (
            <li key={lesson.id}>{row(lesson, index)}</li>
          ))}
        </Stack>
      </Paper>
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={preview ? t('courses.lessons.previewTitle', { title: preview.title }) : ''}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {preview?.videoUrl ? (
          <video className={classes.video} src={preview.videoUrl} controls autoPlay playsInline preload="metadata" controlsList="nodownload" aria-label={preview.title} />
        ) : null}
      </Modal>
    </>
  );
}
