import { ActionIcon, Anchor, Avatar, Button, Card, Group, Image, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OrderJson } from '@cusp/shared';
import { DEFAULT_AVATAR, DEFAULT_COVER } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { useStartConversation } from '@/features/messages';
import { counterpartOf, cutTitle } from '../lib/format';
import { StatusBadge } from './StatusBadge';

function ContactIcon({ order }: { order: OrderJson }) {
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
        onClick={() => start.mutate(other._id)}
      >
        <IconMessageCircle size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function payPath(order: OrderJson) {
  return `/pay/service/${order.serviceId}?payment=${encodeURIComponent(order.paymentId ?? '')}`;
}

function Party({ order }: { order: OrderJson }) {
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

function TitleLink({ order }: { order: OrderJson }) {
  return (
    <Anchor component={Link} to={`/orders/${order._id}`} fw={600} size="sm" title={order.title}>
      {cutTitle(order.title)}
    </Anchor>
  );
}

function Status({ order }: { order: OrderJson }) {
  const { t } = useI18n();
  return (
    <Group gap="xs" wrap="nowrap">
      <StatusBadge status={order.status} />
      {order.actions.includes('pay') && order.paymentId ? (
        <Button component={Link} to={payPath(order)} size="compact-xs" aria-label={t('orders.table.payFor', { title: order.title })}>
          {t('orders.table.pay')}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The orders of one side (docs/product.md §3.6): Image, Buyer (for the designer's sales) or Seller (for
 * the buyer's purchases), Title cut at 30 characters, Price, Status and a Contact icon. A table on
 * wide screens, one card per order on a phone; each order links to its page.
 */
export function OrdersTable({ orders, side, caption }: { orders: OrderJson[]; side: 'selling' | 'buying'; caption: string }) {
  const { t, money } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)');
  const partyLabel = side === 'selling' ? t('orders.table.buyer') : t('orders.table.seller');

  if (phone) {
    return (
      <Stack gap="sm" component="section" aria-label={caption}>
        <Text fw={600} size="sm" c="dimmed">
          {caption}
        </Text>
        {orders.map((order) => (
          <Card key={order._id} withBorder radius="md" padding="sm" data-testid="order-card">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Image src={order.image || DEFAULT_COVER} alt="" w={64} h={64} radius="sm" fit="cover" />
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                <TitleLink order={order} />
                <Group gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {partyLabel}:
                  </Text>
                  <Party order={order} />
                </Group>
                <Text size="sm" fw={600}>
                  {money(order.price, order.currency)}
                </Text>
                <Group justify="space-between" wrap="nowrap">
                  <Status order={order} />
                  <ContactIcon order={order} />
                </Group>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.table.image')}</Table.Th>
            <Table.Th>{partyLabel}</Table.Th>
            <Table.Th>{t('orders.table.title')}</Table.Th>
            <Table.Th>{t('orders.table.price')}</Table.Th>
            <Table.Th>{t('orders.table.status')}</Table.Th>
            <Table.Th>{t('orders.table.contact')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order._id}>
              <Table.Td>
                <Image src={order.image || DEFAULT_COVER} alt="" w={56} h={56} radius="sm" fit="cover" />
              </Table.Td>
              <Table.Td>
                <Party order={order} />
              </Table.Td>
              <Table.Td>
                <TitleLink order={order} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(order.price, order.currency)}</Table.Td>
              <Table.Td>
                <Status order={order} />
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

