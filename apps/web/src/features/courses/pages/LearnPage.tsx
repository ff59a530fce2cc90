import { useState } from 'react';
import { Button, Container, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlayerTrackNext } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useCourse } from '../api/courses';
import { LessonList } from '../components/LessonList';
import { LessonPlayer, useProgressSaver } from '../components/LessonPlayer';
import type { CourseDetail, Lesson } from '@/lib/domain';

/**
 * Where to start: the lesson last watched, or the next one not completed when that one is done; else
 * the first not completed; else the first.
 */
export function startingLesson(course: CourseDetail): Lesson | undefined {
  const { lessons } = course;
  const last = lessons.findIndex((l) => l.id === course.lastLessonId);
  if (last >= 0 && !lessons[last]!.completed) return lessons[last];
  const after = last >= 0 ? lessons.slice(last + 1).find((l) => !l.completed) : undefined;
  return after ?? lessons.find((l) => !l.completed) ?? lessons[last] ?? lessons[0];
}

function Classroom({ course }: { course: CourseDetail }) {
  const { t, number } = useI18n();
  const save = useProgressSaver(course.id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const lessons = course.lessons;
  const current = lessons.find((l) => l.id === chosenId) ?? startingLesson(course);
  const index = current ? lessons.indexOf(current) : -1;
  const nextLesson = index >= 0 ? lessons[index + 1] : undefined;
  const completed = lessons.filter((l) => l.completed).length;
  const percent = course.progress ?? 0;

  const markComplete = async () => {
    if (!current) return;
    setSaving(true);
    const element = document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]');
    const position = element && element.currentTime > 0 ? element.currentTime : (current.watchedSeconds ?? 0);
    await save(current.id, position, true);
    setSaving(false);
  };

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {current?.videoUrl ? (
            <LessonPlayer key={current.id} courseId={course.id} lesson={current} save={save} onEnded={() => undefined} />
          ) : (
            <FormMessage tone="error">{t('courses.learn.noVideo')}</FormMessage>
          )}
          {current ? (
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" c="dimmed">
                  {t('courses.learn.lessonOf', { index: number(index + 1), total: number(lessons.length) })}
                </Text>
                <Title order={2} size="h3" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                  {current.title}
                </Title>
              </Stack>
              <Group gap="sm">
                {current.completed ? (
                  <Text c="teal.9" fw={600} size="sm" role="status">
                    <IconCheck size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('courses.lessons.completed')}
                  </Text>
                ) : (
                  <Button variant="light" leftSection={<IconCheck size={18} aria-hidden />} onClick={() => void markComplete()} loading={saving}>
                    {t('courses.learn.markComplete')}
                  </Button>
                )}
                {nextLesson ? (
                  <Button variant="default" rightSection={<IconPlayerTrackNext size={18} aria-hidden className="rtl-flip" />} onClick={() => setChosenId(nextLesson.id)}>
                    {t('courses.learn.next')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md" component="section" aria-labelledby="learn-lessons">
          <Stack gap={6}>
            <Title order={2} size="h4" id="learn-lessons">
              {t('courses.learn.yourProgress')}
            </Title>
            <Progress value={percent} size="lg" radius="xl" aria-label={t('courses.learn.progressLabel')} />
            <Text size="sm" c="dimmed" data-testid="course-progress">
              {t('courses.learn.progressText', { percent: number(percent), done: number(completed), total: number(lessons.length) })}
            </Text>
          </Stack>
          <LessonList lessons={lessons} currentId={current?.id} onSelect={(lesson) => setChosenId(lesson.id)} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** `/courses/{id}/learn`: the creator and enrolled learners watch the lessons, resume where they stopped, and see their progress. */
export function LearnPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const query = useCourse(id);
  usePageTitle(query.data?.title ?? t('courses.learn.pageTitle'));

  if (query.isPending) return <PageLoader label={t('courses.detail.loading')} />;
  const back = (
    <BackLink to={`/courses/${id}`} fitContent>
      {t('courses.learn.back')}
    </BackLink>
  );
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Container size="md" py="xl">
        <Title order={1}>{notFound ? t('courses.detail.notFound') : t('courses.detail.failed')}</Title>
      </Container>
    );
  }
  const course = query.data;
  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        {back}
        <Title order={1} dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {course.title}
        </Title>
        {course.canWatch ? (
          <Classroom course={course} />
        ) : (
          <Stack gap="md" align="flex-start">
            <FormMessage tone="error">{t('courses.learn.enrolFirst')}</FormMessage>
            <Button component={Link} to={`/courses/${course.id}`}>
              {t('courses.learn.seeCourse')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
