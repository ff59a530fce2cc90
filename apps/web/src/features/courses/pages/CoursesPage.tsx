import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { isCourseCategory } from '@cusp/shared';
import { useMe } from '@/features/auth';
import { CategorySelect, PagedGrid, SearchBox } from '@/features/catalogue';
import { usePlatformConfig } from '@/lib/config';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useCourses, type CourseFilters } from '../api/courses';
import { CourseCard } from '../components/CourseCard';
import { useCourseLabels } from '../lib/labels';
import type { Course } from '@/lib/domain';

/** The filters live in the query string, so a filtered list can be shared and Back works. */
function useCourseFilters() {
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');
  const filters: CourseFilters = { search: params.get('search')?.trim() || undefined, tag: isCourseCategory(tag) ? tag : undefined };
  const update = (patch: Partial<CourseFilters>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return { filters, update };
}

/** `/courses`: 'Available Courses' (docs/product.md §3.9), searchable and filtered by category. */
export function CoursesPage() {
  const { t } = useI18n();
  const { user } = useMe();
  const { currency } = usePlatformConfig();
  const labels = useCourseLabels();
  const { filters, update } = useCourseFilters();
  const query = useCourses(filters);
  usePageTitle(t('courses.list.pageTitle'));

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('courses.list.title')}</Title>
            <Text c="dimmed">{t('courses.list.lead')}</Text>
          </Stack>
          {user ? (
            <Group gap="sm">
              <Button component={Link} to="/my-courses" variant="default">
                {t('courses.list.myCourses')}
              </Button>
              <Button component={Link} to="/courses/create">
                {t('courses.list.create')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Group align="flex-end" gap="md">
          <SearchBox
            label={t('courses.list.search')}
            placeholder={t('courses.list.searchPlaceholder')}
            value={filters.search ?? ''}
            onSearch={(search) => update({ search })}
          />
          <CategorySelect value={filters.tag} options={labels.categoryOptions} onChange={(tag) => update({ tag })} />
        </Group>
        <PagedGrid<Course>
          query={query}
          getKey={(course) => course.id}
          renderItem={(course) => <CourseCard course={course} currency={currency} />}
          loadingLabel={t('courses.list.loading')}
          emptyText={filters.search || filters.tag ? t('courses.list.noMatch') : t('courses.list.empty')}
          errorText={t('courses.list.error')}
        />
      </Stack>
    </Container>
  );
}
