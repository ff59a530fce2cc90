import { useState, type ReactNode } from 'react';
import { Accordion, Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Tabs, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMe } from '@/features/auth';
import { DisputesTab, PayoutsTab, TotalsTab } from '@/features/payouts';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { usePlatformConfig } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useAdminDesigners, useAdminServices, useSetHidden, useSetVerified, useTickets, type DesignerStatus, type SupportTicket } from '../api/admin';
import { useLabels } from '../lib/labels';
import type { CurrentUser, Service } from '@/lib/domain';

function useActionFailed() {
  const { t } = useI18n();
  const { failure } = useMessages();
  return (error: unknown) => notifyError(failure(error, t('catalogue.admin.actionFailed')));
}

/** A tab's list: loader, error, empty text, or the items. */
function Loaded<T>({ query, emptyText, children }: { query: UseQueryResult<T[]>; emptyText: string; children: (items: T[]) => ReactNode }) {
  const { t } = useI18n();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <FormMessage tone="error">{t('catalogue.admin.loadFailed')}</FormMessage>;
  if (query.data.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return children(query.data);
}

interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

/**
 * The designers' and the services' table: a row per item, the last two columns its state (a badge)
 * and the button that flips it, named after the item for screen readers.
 */
function ToggleTable<T extends { id: string }>(props: {
  items: T[];
  columns: Column<T>[];
  minWidth: number;
  state: (item: T) => { label: string; color: string };
  action: (item: T) => { label: string; name: string; filled: boolean; onClick: () => void };
}) {
  const { t } = useI18n();
  const { items, columns, minWidth, state, action } = props;
  const headers = [...columns.map((column) => column.header), t('catalogue.admin.state'), t('catalogue.admin.actions')];
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const badge = state(item);
            const button = action(item);
            return (
              <Table.Tr key={item.id}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
                ))}
                <Table.Td>
                  {/* Gray text on a light gray badge is too faint (WCAG contrast): darker text there. */}
                  <Badge variant="light" color={badge.color} c={badge.color === 'gray' ? 'dark.6' : undefined}>
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant={button.filled ? 'filled' : 'default'} aria-label={button.name} onClick={button.onClick}>
                    {button.label}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
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
      <Loaded query={designers} emptyText={t('catalogue.admin.noDesigners')}>
        {(items) => (
          <ToggleTable<CurrentUser>
            items={items}
            minWidth={560}
            columns={[
              {
                header: t('catalogue.admin.name'),
                cell: (designer) => (
                  <>
                    <Anchor component={Link} to={`/profile/${designer.id}`}>
                      {designer.username}
                    </Anchor>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {designer.email}
                    </Text>
                  </>
                ),
              },
              { header: t('catalogue.admin.specialization'), cell: (designer) => (designer.role ? labels.role(designer.role) : '—') },
            ]}
            state={(designer) =>
              designer.isVerified ? { label: t('catalogue.admin.verified'), color: 'ocean' } : { label: t('catalogue.admin.notVerified'), color: 'gray' }
            }
            action={(designer) => ({
              label: designer.isVerified ? t('catalogue.admin.unverify') : t('catalogue.admin.verify'),
              name: t(designer.isVerified ? 'catalogue.admin.unverifyNamed' : 'catalogue.admin.verifyNamed', { name: designer.username }),
              filled: !designer.isVerified,
              onClick: () => setVerified.mutate({ id: designer.id, isVerified: !designer.isVerified }, { onError }),
            })}
          />
        )}
      </Loaded>
    </Stack>
  );
}

function ServicesTab() {
  const { t, money } = useI18n();
  const { currency } = usePlatformConfig();
  const services = useAdminServices();
  const setHidden = useSetHidden();
  const onError = useActionFailed();

  return (
    <Loaded query={services} emptyText={t('catalogue.admin.noServices')}>
      {(items) => (
        <ToggleTable<Service>
          items={items}
          minWidth={640}
          columns={[
            {
              header: t('catalogue.admin.service'),
              cell: (service) => (
                <Anchor component={Link} to={`/services/${service.id}`}>
                  {service.title}
                </Anchor>
              ),
            },
            { header: t('catalogue.admin.owner'), cell: (service) => service.user.username },
            { header: t('catalogue.admin.price'), cell: (service) => money(service.toothPrice, currency) },
          ]}
          state={(service) => (service.hidden ? { label: t('catalogue.admin.hidden'), color: 'red' } : { label: t('catalogue.admin.visible'), color: 'cusp' })}
          action={(service) => ({
            label: service.hidden ? t('catalogue.admin.show') : t('catalogue.admin.hide'),
            name: t(service.hidden ? 'catalogue.admin.showNamed' : 'catalogue.admin.hideNamed', { title: service.title }),
            filled: service.hidden,
            onClick: () => setHidden.mutate({ id: service.id, hidden: !service.hidden }, { onError }),
          })}
        />
      )}
    </Loaded>
  );
}

function TicketsTab() {
  const { t, locale } = useI18n();
  const tickets = useTickets();
  return (
    <Loaded<SupportTicket> query={tickets} emptyText={t('catalogue.admin.noTickets')}>
      {(items) => (
        <Accordion variant="separated">
          {items.map((ticket) => (
            <Accordion.Item key={ticket.id} value={ticket.id}>
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
      )}
    </Loaded>
  );
}

/** `/admin`: vetting designers (docs/product.md §4.7), hiding services, reading support tickets. Administrators only. */
export function AdminPage() {
  const { t } = useI18n();
  const { user, isPending } = useMe();
  return (
    <PageShell title={t('catalogue.admin.title')} size="xl">
      {isPending ? (
        <PageLoader />
      ) : !user?.isAdmin ? (
        <FormMessage tone="error">{t('catalogue.admin.only')}</FormMessage>
      ) : (
        <Tabs defaultValue="designers" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="designers">{t('catalogue.admin.designers')}</Tabs.Tab>
            <Tabs.Tab value="services">{t('catalogue.admin.services')}</Tabs.Tab>
            <Tabs.Tab value="tickets">{t('catalogue.admin.tickets')}</Tabs.Tab>
            <Tabs.Tab value="disputes">{t('payouts.admin.disputes')}</Tabs.Tab>
            <Tabs.Tab value="payouts">{t('payouts.admin.payouts')}</Tabs.Tab>
            <Tabs.Tab value="totals">{t('payouts.admin.totals')}</Tabs.Tab>
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
          <Tabs.Panel value="disputes" pt="lg">
            <DisputesTab />
          </Tabs.Panel>
          <Tabs.Panel value="payouts" pt="lg">
            <PayoutsTab />
          </Tabs.Panel>
          <Tabs.Panel value="totals" pt="lg">
            <TotalsTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </PageShell>
  );
}
