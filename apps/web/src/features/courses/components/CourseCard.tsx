import { Anchor, AspectRatio, Avatar, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CourseJson } from '@cusp/shared';
import classes from '@/features/services/components/ServiceCard.module.css';
import { DEFAULT_AVATAR, DEFAULT_COVER } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { useCourseLabels } from '../lib/labels';

interface CourseCardProps {
  course: CourseJson;
  currency: string;
}

/** A card of the 'Available Courses' grid (SPEC.md section 2): thumbnail, title, creator, price. */
export function CourseCard({ course, currency }: CourseCardProps) {
  const { t, money } = useI18n();
  const labels = useCourseLabels();
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} h="100%">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Image src={course.thumbnail || DEFAULT_COVER} fallbackSrc={DEFAULT_COVER} alt="" />
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        {course.category ? (
          <Badge variant="light" size="sm" c="cusp.9" w="fit-content">
            {labels.category(course.category)}
          </Badge>
        ) : null}
        <Anchor component={Link} to={`/courses/${course._id}`} className={classes.link} fw={600} c="dark" lineClamp={2} dir="auto">
          {course.title}
        </Anchor>
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
      </Stack>
    </Card>
  );
}
