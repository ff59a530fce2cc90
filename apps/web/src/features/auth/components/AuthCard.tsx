import type { ReactNode } from 'react';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

interface AuthCardProps {
  pageTitle: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form ("New to Cusp? Create an account"). */
  footer?: ReactNode;
}

/** The shared frame of the login, register, forgot- and reset-password pages. */
export function AuthCard({ pageTitle, title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  usePageTitle(pageTitle);
  return (
    <Container size={480} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
      <Stack mt="lg" gap="sm" align="center">
        {footer}
        <Anchor component={Link} to="/" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden className="rtl-flip" />
            {t('common.backHome')}
          </Group>
        </Anchor>
      </Stack>
    </Container>
  );
}
