import type { ReactNode } from 'react';
import { Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';

interface DetailPageProps {
  /** The back link above the heading. */
  back: ReactNode;
  /** The heading block: the h1 and what goes right under it. */
  header: ReactNode;
  /** The wide column: pictures and sections. */
  main: ReactNode;
  /** The first card of the side column: price, facts and what the viewer can do. */
  summary: ReactNode;
  /** More of the side column, under the summary card. */
  aside?: ReactNode;
  /** After the columns (a dialog, say). */
  children?: ReactNode;
}

/** The page of one thing on offer (a service, a course): heading, a main column and a side column. */
export function DetailPage({ back, header, main, summary, aside, children }: DetailPageProps) {
  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        {back}
        <Stack gap="xs">{header}</Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">{main}</Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="sm">{summary}</Stack>
              </Card>
              {aside}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {children}
    </Container>
  );
}

/** What a detail page shows instead when its thing cannot be shown (not found, failed to load). */
export function DetailPageError({ back, title }: { back: ReactNode; title: string }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        {back}
        <Title order={1}>{title}</Title>
      </Stack>
    </Container>
  );
}

interface DetailSectionProps {
  id: string;
  title: string;
  /** How large the h2 looks. */
  titleSize?: 'h3' | 'h4';
  children: ReactNode;
}

/** A section of a detail page's main column, named by its h2 (`id` links the two). */
export function DetailSection({ id, title, titleSize = 'h3', children }: DetailSectionProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size={titleSize} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One line of the summary card: a label and its value. */
export function DetailFact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} ta="end">
        {value}
      </Text>
    </Group>
  );
}
