import { Avatar, Badge, Group, Text } from '@mantine/core';
import { LinkCard, LinkCardTitle } from '@/components/LinkCard';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { useCourseLabels } from '../lib/labels';
import type { Course } from '@/lib/domain';

interface CourseCardProps {
  course: Course;
  currency: string;
}

/** A card of the 'Available Courses' grid (docs/product.md §3.9): thumbnail, title, creator, price. */
export function CourseCard({ course, currency }: CourseCardProps) {
  const { t, money } = useI18n();
  const labels = useCourseLabels();
  return (
    <LinkCard cover={{ src: course.thumbnail, ratio: 16 / 9 }}>
      {course.category ? (
        <Badge variant="light" size="sm" c="cusp.9" w="fit-content">
          {labels.category(course.category)}
        </Badge>
      ) : null}
      <LinkCardTitle to={`/courses/${course.id}`} lineClamp={2} dir="auto">
        {course.title}
      </LinkCardTitle>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={course.creatorProfilePic || DEFAULT_AVATAR} alt="" size="sm" />
        <Text size="sm" c="dimmed" truncate>
          {t('courses.card.by', { name: course.creatorName || t('courses.detail.unknownInstructor') })}
        </Text>
      </Group>
      <Group justify="space-between" mt="auto" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('courses.card.lessons', { count: course.lessonCount })}
        </Text>
        <Text fw={700} ta="end">
          {course.price > 0 ? money(course.price, currency) : t('courses.free')}
        </Text>
      </Group>
    </LinkCard>
  );
}
