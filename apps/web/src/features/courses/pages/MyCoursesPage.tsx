import { Anchor, Button, Container, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { LinkCard, LinkCardTitle } from '@/components/LinkCard';
import { PageLoader } from '@/components/PageLoader';
import { usePlatformConfig } from '@/lib/config';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useEnrolledCourses, usePublishedCourses } from '../api/courses';
import type { EnrolledCourse } from '@/lib/domain';

function EnrolledCard({ course }: { course: EnrolledCourse }) {
  const { t, number } = useI18n();
  return (
    <LinkCard cover={{ src: course.thumbnail, ratio: 16 / 9 }}>
      <LinkCardTitle to={`/courses/${course.id}/learn`} lineClamp={2} dir="auto">
        {course.title}
      </LinkCardTitle>
      <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
        {course.description}
      </Text>
      <Stack gap={4} mt="auto">
        <Progress value={course.progress} radius="xl" aria-label={t('courses.my.progressOf', { title: course.title })} />
        <Text size="xs" c="dimmed">
          {t('courses.learn.progressText', { percent: number(course.progress), done: number(course.completedLessons), total: number(course.lessonCount) })}
        </Text>
      </Stack>
    </LinkCard>
  );
}

/** Courses the member publishes, with learners and takings (paid enrolments). */
function PublishedSection() {
  const { t, money, number } = useI18n();
  const { currency } = usePlatformConfig();
  const published = usePublishedCourses();
  if (published.isPending || published.isError || published.data.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="published-title">
      <Title order={2} size="h3" id="published-title">
        {t('courses.my.published')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('courses.my.course')}</Table.Th>
              <Table.Th ta="end">{t('courses.my.learners')}</Table.Th>
              <Table.Th ta="end">{t('courses.my.revenue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {published.data.map((course) => (
              <Table.Tr key={course.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/courses/${course.id}`} dir="auto">
                    {course.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {course.price > 0 ? money(course.price, currency) : t('courses.free')}
                  </Text>
                </Table.Td>
                <Table.Td ta="end">{number(course.enrollmentCount)}</Table.Td>
                <Table.Td ta="end">{money(course.revenue, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** `/my-courses`: 'My Enrolled Courses' with progress (docs/product.md §3.9), then what the member publishes. */
export function MyCoursesPage() {
  const { t } = useI18n();
  const enrolled = useEnrolledCourses();
  usePageTitle(t('courses.my.title'));

  let content;
  if (enrolled.isPending) content = <PageLoader label={t('courses.my.loading')} />;
  else if (enrolled.isError) content = <FormMessage tone="error">{t('courses.my.error')}</FormMessage>;
  else if (enrolled.data.length === 0) {
    content = (
      <Stack align="center" gap="sm" py="xl" c="dimmed">
        <IconMoodEmpty size={36} aria-hidden />
        <Text>{t('courses.my.empty')}</Text>
        <Button component={Link} to="/courses" variant="light">
          {t('courses.my.browse')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {enrolled.data.map((course) => (
          <li key={course.id}>
            <EnrolledCard course={course} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('courses.my.title')}</Title>
          <Button component={Link} to="/courses/create" variant="light">
            {t('courses.list.create')}
          </Button>
        </Group>
        {content}
        <PublishedSection />
      </Stack>
    </Container>
  );
}
