import { useState } from 'react';
import { Accordion, Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '@/features/auth';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { usePlatformConfig } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useAdminDesigners, useAdminServices, useSetHidden, useSetVerified, useTickets, type DesignerStatus } from '../api/admin';
import { useLabels } from '../lib/labels';

function useActionFailed() {
  const { t } = useI18n();
  const { failure } = useMessages();
  return (error: unknown) => notifyError(failure(error, t('catalogue.admin.actionFailed')));
}

function DesignersTab() {
  const { t } = useI18n();
  const labels = useLabels();
  const [status, setStatus] = useState<DesignerStatus>('pending');
  const designers = useAdminDesigners(status);
  const setVerified = useSetVerified();
  const onError = useActionFailed();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="designer-status">
          {t('catalogue.admin.status')}
        </Text>
        <SegmentedControl
          aria-labelledby="designer-status"
          value={status}
          onChange={(value) => setStatus(value as DesignerStatus)}
          data={[
            { value: 'pending', label: t('catalogue.admin.pending') },
            { value: 'verified', label: t('catalogue.admin.verified') },
            { value: 'all', label: t('catalogue.admin.all') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {designers.isPending ? (
        <PageLoader />
      ) : designers.isError ? (
        <FormMessage tone="error">{t('catalogue.admin.loadFailed')}</FormMessage>
      ) : designers.data.length === 0 ? (
        <Text c="dimmed">{t('catalogue.admin.noDesigners')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalogue.admin.name')}</Table.Th>
                <Table.Th>{t('catalogue.admin.specialization')}</Table.Th>
                <Table.Th>{t('catalogue.admin.state')}</Table.Th>
                <Table.Th>{t('catalogue.admin.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {designers.data.map((designer) => (
                <Table.Tr key={designer._id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/profile/${designer._id}`}>
                      {designer.username}
                    </Anchor>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {designer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{designer.role ? labels.role(designer.role) : '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={designer.isVerified ? 'ocean' : 'gray'} c={designer.isVerified ? undefined : 'dark.6'}>
                      {designer.isVerified ? t('catalogue.admin.verified') : t('catalogue.admin.notVerified')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={designer.isVerified ? 'default' : 'filled'}
                      aria-label={t(designer.isVerified ? 'catalogue.admin.unverifyNamed' : 'catalogue.admin.verifyNamed', { name: designer.username })}
                      onClick={() => setVerified.mutate({ id: designer._id, isVerified: !designer.isVerified }, { onError })}
                    >
                      {designer.isVerified ? t('catalogue.admin.unverify') : t('catalogue.admin.verify')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ServicesTab() {
  const { t, money } = useI18n();
  const { currency } = usePlatformConfig();
  const services = useAdminServices();
  const setHidden = useSetHidden();
  const onError = useActionFailed();

  if (services.isPending) return <PageLoader />;
  if (services.isError) return <FormMessage tone="error">{t('catalogue.admin.loadFailed')}</FormMessage>;
  if (services.data.length === 0) return <Text c="dimmed">{t('catalogue.admin.noServices')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalogue.admin.service')}</Table.Th>
            <Table.Th>{t('catalogue.admin.owner')}</Table.Th>
            <Table.Th>{t('catalogue.admin.price')}</Table.Th>
            <Table.Th>{t('catalogue.admin.state')}</Table.Th>
            <Table.Th>{t('catalogue.admin.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.data.map((service) => (
            <Table.Tr key={service._id}>
              <Table.Td>
                <Anchor component={Link} to={`/services/${service._id}`}>
                  {service.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{service.userID.username}</Table.Td>
              <Table.Td>{money(service.toothPrice, currency)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={service.hidden ? 'red' : 'cusp'}>
                  {service.hidden ? t('catalogue.admin.hidden') : t('catalogue.admin.visible')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant={service.hidden ? 'filled' : 'default'}
                  aria-label={t(service.hidden ? 'catalogue.admin.showNamed' : 'catalogue.admin.hideNamed', { title: service.title })}
                  onClick={() => setHidden.mutate({ id: service._id, hidden: !service.hidden }, { onError })}
                >
                  {service.hidden ? t('catalogue.admin.show') : t('catalogue.admin.hide')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TicketsTab() {
  const { t, locale } = useI18n();
  const tickets = useTickets();
  if (tickets.isPending) return <PageLoader />;
  if (tickets.isError) return <FormMessage tone="error">{t('catalogue.admin.loadFailed')}</FormMessage>;
  if (tickets.data.length === 0) return <Text c="dimmed">{t('catalogue.admin.noTickets')}</Text>;
  return (
    <Accordion variant="separated">
      {tickets.data.map((ticket) => (
        <Accordion.Item key={ticket._id} value={ticket._id}>
          <Accordion.Control>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{ticket.subject}</Text>
              <Text size="sm" c="dimmed">
                {t('catalogue.admin.received', { date: formatDate(ticket.createdAt, locale) })}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('catalogue.admin.from', { name: ticket.name, email: ticket.email })}
              </Text>
              <Text style={{ whiteSpace: 'pre-line' }}>{ticket.message}</Text>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** `/admin`: vetting designers (D10), hiding services, reading support tickets. Administrators only. */
export function AdminPage() {
  const { t } = useI18n();
  const { user } = useMe();
  return (
    <PageShell title={t('catalogue.admin.title')} size="xl">
      {!user?.isAdmin ? (
        <FormMessage tone="error">{t('catalogue.admin.only')}</FormMessage>
      ) : (
        <Tabs defaultValue="designers" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="designers">{t('catalogue.admin.designers')}</Tabs.Tab>
            <Tabs.Tab value="services">{t('catalogue.admin.services')}</Tabs.Tab>
            <Tabs.Tab value="tickets">{t('catalogue.admin.tickets')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="designers" pt="lg">
            <DesignersTab />
          </Tabs.Panel>
          <Tabs.Panel value="services" pt="lg">
            <ServicesTab />
          </Tabs.Panel>
          <Tabs.Panel value="tickets" pt="lg">
            <TicketsTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </PageShell>
  );
}
