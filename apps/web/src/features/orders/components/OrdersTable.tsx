import { ActionIcon, Anchor, Avatar, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { useStartConversation } from '@/features/messages';
import { counterpartOf, cutTitle } from '../lib/format';
import { DueDate } from './DueDate';
import { StatusBadge } from './StatusBadge';
import type { Order } from '@/lib/domain';

function ContactIcon({ order }: { order: Order }) {
  const { t } = useI18n();
  const start = useStartConversation();
  const other = counterpartOf(order);
  return (
    <Tooltip label={t('orders.table.contact')} withArrow>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('orders.table.contactFor', { name: userName(t, other.username) })}
        loading={start.isPending}
        onClick={() => start.mutate(other.id)}
      >
        <IconMessageCircle size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function Party({ order }: { order: Order }) {
  const { t } = useI18n();
  const other = counterpartOf(order);
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={other.image || DEFAULT_AVATAR} alt="" size={28} radius="xl" />
      <Text size="sm" dir="auto">
        {userName(t, other.username)}
      </Text>
    </Group>
  );
}

/** The order's number, linking to its page: what people quote on the phone. */
function NumberLink({ order }: { order: Order }) {
  return (
    <Anchor component={Link} to={`/orders/${order.id}`} fw={700} size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }} data-testid="order-number">
      {order.number}
    </Anchor>
  );
}

function Units({ order }: { order: Order }) {
  const { t, number } = useI18n();
  const unit = order.unitOrArch === 'arch' ? t('orders.detail.arches', { count: order.quantity }) : t('orders.detail.units', { count: order.quantity });
  const teeth = order.prescription.units.length > 0 ? order.prescription.units.map((u) => u.tooth) : order.teeth;
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{`${number(order.quantity)} ${unit}`}</Text>
      {teeth.length > 0 ? (
        <Text size="xs" c="dimmed" dir="ltr">
          {teeth.join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}

function Activity({ order }: { order: Order }) {
  const { locale } = useI18n();
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(order.lastActivityAt, locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
    </Text>
  );
}

/**
 * The caller's orders (docs/product.md §3.6): number, service, the other party, units (teeth), price, status, due date with
 * the time left (or "Late"), and the last activity. A table on wide screens, one card per order on a phone; the
 * number links to the order's page.
 */
export function OrdersTable({ orders, caption }: { orders: Order[]; caption: string }) {
  const { t, money } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)');

  if (phone) {
    return (
      <Stack gap="sm" component="section" aria-label={caption}>
        {orders.map((order) => (
          <Card key={order.id} withBorder radius="md" padding="sm" data-testid="order-card">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <NumberLink order={order} />
                <StatusBadge status={order.status} size="sm" />
              </Group>
              <Text size="sm" fw={600} title={order.title} style={{ overflowWrap: 'anywhere' }}>
                {cutTitle(order.title)}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {order.isSeller ? t('orders.table.buyer') : t('orders.table.seller')}:
                </Text>
                <Party order={order} />
              </Group>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Units order={order} />
                <Text size="sm" fw={600}>
                  {money(order.price, order.currency)}
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" align="flex-end">
                <DueDate order={order} compact />
                <ContactIcon order={order} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.table.number')}</Table.Th>
            <Table.Th>{t('orders.table.service')}</Table.Th>
            <Table.Th>{t('orders.table.other')}</Table.Th>
            <Table.Th>{t('orders.table.units')}</Table.Th>
            <Table.Th>{t('orders.table.price')}</Table.Th>
            <Table.Th>{t('orders.table.status')}</Table.Th>
            <Table.Th>{t('orders.table.due')}</Table.Th>
            <Table.Th>{t('orders.table.activity')}</Table.Th>
            <Table.Th>{t('orders.table.contact')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id} data-testid="order-row">
              <Table.Td>
                <NumberLink order={order} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={order.title}>
                  {cutTitle(order.title)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {order.isSeller ? t('orders.table.buyer') : t('orders.table.seller')}
                  </Text>
                  <Party order={order} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Units order={order} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(order.price, order.currency)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>
                <DueDate order={order} compact />
              </Table.Td>
              <Table.Td>
                <Activity order={order} />
              </Table.Td>
              <Table.Td>
                <ContactIcon order={order} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
