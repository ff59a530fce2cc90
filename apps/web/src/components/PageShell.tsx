import type { ReactNode } from 'react';
import { Container, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { usePageTitle } from '@/lib/page-title';

interface PageShellProps {
  title: string;
  /** For the document title when it differs from the heading. */
  pageTitle?: string;
  description?: ReactNode;
  size?: MantineSize | number;
  children?: ReactNode;
}

/** The frame of an ordinary content page: one h1, an optional lead, the content. */
export function PageShell({ title, pageTitle, description, size = 'lg', children }: PageShellProps) {
  usePageTitle(pageTitle ?? title);
  return (
    <Container size={size} py={{ base: 'xl', md: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {description ? (
            <Text size="lg" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
