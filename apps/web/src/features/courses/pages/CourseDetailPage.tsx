import { AspectRatio, Avatar, Badge, Button, Card, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlayerPlay, IconSchool } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { loginPathFor, useMe } from '@/features/auth';
import { ItemDocuments } from '@/features/billing';
import { BackLink } from '@/components/BackLink';
import { DetailFact, DetailPage, DetailPageError, DetailSection } from '@/components/DetailPage';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { usePlatformConfig } from '@/lib/config';
import { DEFAULT_AVATAR, DEFAULT_COVER } from '@/lib/images';
import { notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useCourse, useEnroll } from '../api/courses';
import { DeleteCourseButton } from '../components/DeleteCourseButton';
import { LessonList } from '../components/LessonList';
import { useCourseLabels } from '../lib/labels';
import { useCourseMessages } from '../lib/messages';
import type { CourseDetail } from '@/lib/domain';

/** What the viewer can do: learn (creator, enrolled), enrol for free at once, or pay ('Enroll Now', docs/product.md §3.9). */
function CourseActions({ course }: { course: CourseDetail }) {
  const { t } = useI18n();
  const { failure } = useCourseMessages();
  const { user } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const enrolment = useEnroll();
  const learn = `/courses/${course.id}/learn`;

  if (course.isCreator) {
    return (
      <Stack gap="sm">
        <Button component={Link} to={learn} leftSection={<IconPlayerPlay size={18} aria-hidden />}>
          {t('courses.detail.openCourse')}
        </Button>
        <Group grow>
          <Button component={Link} to={`/courses/${course.id}/edit`} variant="light" leftSection={<IconEdit size={18} aria-hidden />}>
            {t('courses.detail.edit')}
          </Button>
          <DeleteCourseButton id={course.id} title={course.title} />
        </Group>
      </Stack>
    );
  }
  if (course.enrolled) {
    return (
      <Stack gap="sm">
        <Button component={Link} to={learn} size="md" leftSection={<IconPlayerPlay size={18} aria-hidden />}>
          {t('courses.detail.continue')}
        </Button>
        {/* A paid enrolment's receipt (docs/product.md §6.7). */}
        <ItemDocuments itemId={course.id} enabled={course.price > 0} />
      </Stack>
    );
  }
  if (course.price > 0) {
    return (
      <Button component={Link} to={`/pay/course/${course.id}`} size="md" leftSection={<IconSchool size={18} aria-hidden />}>
        {t('courses.detail.enroll')}
      </Button>
    );
  }
  // A free course enrols at once (a visitor logs in first and comes back here).
  const enrolFree = () => {
    if (!user) {
      void navigate(loginPathFor(location), { state: { from: location } });
      return;
    }
    enrolment.mutate(
      { courseId: course.id },
      {
        onSuccess: () => {
          notifySuccess(t('courses.detail.enrolled'));
          void navigate(learn);
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <Button size="md" leftSection={<IconSchool size={18} aria-hidden />} onClick={enrolFree} loading={enrolment.isPending}>
        {t('courses.detail.enroll')}
      </Button>
      {enrolment.isError ? <FormMessage tone="error">{failure(enrolment.error, t('courses.detail.enrollFailed'))}</FormMessage> : null}
    </Stack>
  );
}

/** `/courses/{id}` (docs/product.md §3.9): what the course holds, who made it, and how to start it. */
export function CourseDetailPage() {
  const { id = '' } = useParams();
  const { t, money, number } = useI18n();
  const labels = useCourseLabels();
  const { currency } = usePlatformConfig();
  const query = useCourse(id);
  const notFound = isApiError(query.error) && query.error.status === 404;
  usePageTitle(query.data?.title ?? t('courses.detail.pageTitle'));

  const back = (
    <BackLink to="/courses" fitContent>
      {t('courses.detail.back')}
    </BackLink>
  );

  if (query.isPending) return <PageLoader label={t('courses.detail.loading')} />;
  if (query.isError) return <DetailPageError back={back} title={notFound ? t('courses.detail.notFound') : t('courses.detail.failed')} />;

  const course = query.data;
  const creatorName = course.creator?.username || course.creatorName || t('courses.detail.unknownInstructor');
  const picture = course.creator?.image || course.creatorProfilePic || DEFAULT_AVATAR;

  return (
    <DetailPage
      back={back}
      header={
        <>
          <Title order={1} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {course.title}
          </Title>
          <Badge variant="light" c="cusp.9" w="fit-content">
            {course.tags[0] ? labels.category(course.tags[0]) : t('courses.detail.education')}
          </Badge>
        </>
      }
      main={
        <>
          <AspectRatio ratio={16 / 9}>
            <Image src={course.thumbnail || DEFAULT_COVER} fallbackSrc={DEFAULT_COVER} alt={t('courses.detail.thumbnailAlt', { title: course.title })} radius="lg" />
          </AspectRatio>
          <DetailSection id="course-description" title={t('courses.detail.about')}>
            <Text dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {course.description}
            </Text>
          </DetailSection>
          <DetailSection id="course-lessons" title={t('courses.detail.lessons')}>
            {course.lessons.length ? <LessonList lessons={course.lessons} canWatch={course.canWatch} /> : <Text c="dimmed">{t('courses.detail.noLessons')}</Text>}
          </DetailSection>
        </>
      }
      summary={
        <>
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Text fw={800} fz={28}>
              {course.price > 0 ? money(course.price, currency) : t('courses.free')}
            </Text>
            {course.price > 0 ? (
              <Text size="sm" c="dimmed">
                {t('courses.detail.oneTime')}
              </Text>
            ) : null}
          </Group>
          <DetailFact label={t('courses.detail.lessonCount')} value={number(course.lessonCount)} />
          {course.totalDuration > 0 ? <DetailFact label={t('courses.detail.totalDuration')} value={labels.totalDuration(course.totalDuration)} /> : null}
          {course.progress !== null && !course.isCreator ? (
            <DetailFact label={t('courses.detail.yourProgress')} value={t('courses.progress.percent', { percent: number(course.progress) })} />
          ) : null}
          <Divider my="xs" />
          <CourseActions course={course} />
        </>
      }
      aside={
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="course-instructor">
          <Title order={2} size="h4" id="course-instructor" mb="md">
            {t('courses.detail.instructor')}
          </Title>
          <Group gap="md" wrap="nowrap">
            <Avatar src={picture} alt="" size={56} radius="xl" />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {creatorName}
              </Text>
              <Text size="sm" c="dimmed">
                {t('courses.detail.courseCreator')}
              </Text>
            </Stack>
          </Group>
          {course.creator?.id ? (
            <Button component={Link} to={`/profile/${course.creator.id}`} variant="light" mt="md" fullWidth>
              {t('courses.detail.viewProfile')}
            </Button>
          ) : null}
        </Card>
      }
    />
  );
}
