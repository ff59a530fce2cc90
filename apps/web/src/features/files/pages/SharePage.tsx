import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockX, IconDownload, IconFileOff, IconHome } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useSharedFile } from '../api/shared-file';
import { FilePreview } from '../components/FilePreview';
import { formatBytes } from '../lib/file-rules';

function HomeLink() {
  const { t } = useI18n();
  return (
    <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} aria-hidden />}>
      {t('files.share.home')}
    </Button>
  );
}

function Notice({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  usePageTitle(title);
  return (
    <Container size="sm" py={{ base: 48, md: 96 }}>
      <Stack align="center" ta="center" gap="md">
        {icon}
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {text}
        </Text>
        <HomeLink />
      </Stack>
    </Container>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** /share/:token: the public page of a shared file (no session needed). */
export function SharePage() {
  const { token = '' } = useParams();
  const { t, locale } = useI18n();
  const shared = useSharedFile(token);
  usePageTitle(shared.data?.name ?? t('files.share.pageTitle'));

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    const status = isApiError(shared.error) ? shared.error.status : 0;
    if (status === 410) {
      return <Notice icon={<IconClockX size={56} aria-hidden color="var(--mantine-color-orange-8)" />} title={t('files.share.expiredTitle')} text={t('files.share.expiredText')} />;
    }
    if (status === 404 || status === 400) {
      return <Notice icon={<IconFileOff size={56} aria-hidden color="var(--mantine-color-gray-7)" />} title={t('files.share.notFoundTitle')} text={t('files.share.notFoundText')} />;
    }
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md">
          <FormMessage tone="error">{t('files.share.failed')}</FormMessage>
          <Group>
            <Button onClick={() => void shared.refetch()}>{t('files.retry')}</Button>
            <HomeLink />
          </Group>
        </Stack>
      </Container>
    );
  }

  const file = shared.data;
  return (
    <Container size="lg" py={{ base: 'xl', md: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Text c="dimmed">{t('files.share.intro')}</Text>
          <Group gap="sm" align="center">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Title>
            <Badge variant="light" size="lg">
              {file.type.toUpperCase()}
            </Badge>
          </Group>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" align="flex-end" gap="lg">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg" component="dl" m={0} style={{ flex: 1 }}>
              <Fact label={t('files.share.size')}>{formatBytes(file.size, locale)}</Fact>
              <Fact label={t('files.share.uploaded')}>{formatDate(file.uploadDate, locale)}</Fact>
              <Fact label={t('files.share.expires')}>{formatDate(file.expiryDate, locale)}</Fact>
            </SimpleGrid>
            <Button component="a" href={file.link} download={file.name} size="md" leftSection={<IconDownload size={18} aria-hidden />}>
              {t('files.share.download')}
            </Button>
          </Group>
        </Paper>
        <section aria-label={t('files.share.previewLabel')}>
          <FilePreview name={file.name} type={file.type} link={file.link} height={480} />
        </section>
        <Group>
          <Anchor component={Link} to="/">
            {t('files.share.homeLink')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
