import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Chip, Group, Modal, NativeSelect, Pagination, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { notifySuccess } from '@/lib/notify';
import { useOrderMessages } from '@/lib/order-messages';
import { useSocketConnect, useSocketEvent } from '@/lib/socket';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { useI18n } from '@/lib/use-i18n';
import { useMe } from '@/features/auth';
import { ordersKeys } from '../api/keys';
import { useBalance, useInvalidateOrder, useOrderAction, useOrders } from '../api/orders';
import { OrdersTable } from '../components/OrdersTable';
import { cutTitle } from '../lib/format';
import type { Order } from '@/lib/domain';

/** A designer's money: held in escrow for running orders, and available from completed ones (docs/product.md §6.6). */
function Balance() {
  const { t, money, number } = useI18n();
  const balance = useBalance(true);
  if (balance.isPending) return <PageLoader label={t('orders.balance.loading')} />;
  if (balance.isError) return <FormMessage tone="error">{t('orders.balance.failed')}</FormMessage>;
  const { escrow, available, reserved, currency, feePercent } = balance.data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="balance-title">
      <Title order={2} size="h3" id="balance-title">
        {t('orders.balance.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed">
            {t('orders.balance.escrow')}
          </Text>
          <Text fz={28} fw={700} data-testid="balance-escrow">
            {money(escrow, currency)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('orders.balance.escrowHint')}
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed">
            {t('orders.balance.available')}
          </Text>
          <Text fz={28} fw={700} data-testid="balance-available">
            {money(available, currency)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('orders.balance.fee', { percent: number(feePercent / 100, { style: 'percent', maximumFractionDigits: 1 }) })}
          </Text>
          {reserved > 0 ? (
            <Text size="xs" c="dimmed" data-testid="balance-reserved">
              {t('orders.balance.reserved')}: {money(reserved, currency)}
            </Text>
          ) : null}
        </Paper>
      </SimpleGrid>
      <Button component={Link} to="/payouts" variant="light" style={{ alignSelf: 'flex-start' }}>
        {t('orders.balance.payouts')}
      </Button>
    </Stack>
  );
}

const FILTERS = ['active', 'awaiting_me', 'delivered', 'disputed', 'completed', 'cancelled', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE_SIZE = 20;

/** The buyer's unpaid orders, apart (docs/product.md §3.6): they reach the designer only once paid; pay now or discard. */
function AwaitingPayment() {
  const { t, money } = useI18n();
  const unpaid = useOrders({ status: 'pending_payment', limit: 100 });
  const rows = unpaid.data?.items.filter((order) => order.actions.includes('pay')) ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="awaiting-payment-title" data-testid="awaiting-payment">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="awaiting-payment-title">
            {t('orders.list.awaitingPayment')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('orders.list.awaitingPaymentHint')}
          </Text>
        </div>
        {rows.map((order) => (
          <Group key={order.id} justify="space-between" gap="sm" wrap="wrap" data-testid="unpaid-order">
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={600} dir="ltr" style={{ alignSelf: 'flex-start' }}>
                {order.number}
              </Text>
              <Text size="sm" title={order.title} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {cutTitle(order.title)}
              </Text>
              <Text size="sm" fw={600}>
                {money(order.price, order.currency)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {order.paymentId ? (
                <Button
                  component={Link}
                  to={`/pay/service/${order.serviceId}?payment=${encodeURIComponent(order.paymentId)}`}
                  size="xs"
                  aria-label={t('orders.list.payNowFor', { number: order.number })}
                >
                  {t('orders.list.payNow')}
                </Button>
              ) : null}
              <DiscardButton order={order} />
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Discarding an unpaid order is the buyer's cancel before payment (ORDER_POLICY: cancel from pending_payment). */
function DiscardButton({ order }: { order: Order }) {
  const { t } = useI18n();
  const { failure } = useOrderMessages();
  const cancel = useOrderAction(order.id, 'cancel');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  if (!order.actions.includes('cancel')) return null;
  const confirm = () => {
    setError(undefined);
    cancel.mutate(
      {},
      {
        onSuccess: () => {
          setOpen(false);
          notifySuccess(t('orders.list.discarded'));
        },
        onError: (failed) => setError(failure(failed, t('orders.actions.failed'))),
      },
    );
  };
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)} aria-label={t('orders.list.discardFor', { number: order.number })}>
        {t('orders.list.discard')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('orders.list.discardTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Stack gap="md">
          <Text>{t('orders.list.discardText')}</Text>
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              {t('orders.list.keep')}
            </Button>
            <Button color="red.8" onClick={confirm} loading={cancel.isPending}>
              {t('orders.list.discardConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function EmptyOrders() {
  const { t } = useI18n();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <IconReceipt size={48} aria-hidden color="var(--mantine-color-cusp-8)" />
        <Title order={2} fz="h3">
          {t('orders.list.emptyTitle')}
        </Title>
        <Text c="dimmed">{t('orders.list.emptyText')}</Text>
        <Button component={Link} to="/gigs">
          {t('orders.list.browse')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Filters, search, sort and pages live in the address, so Back and a shared link keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'active';
  const sort = params.get('sort') === 'due' ? 'due' : 'activity';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const q = params.get('q') ?? '';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { filter, sort, page, q, set } as const;
}

function OrderLists() {
  const { t, number } = useI18n();
  const { filter, sort, page, q, set } = useListParams();
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debounced !== q) set({ q: debounced || null, page: null });
    // Only a change of what is typed moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const any = useOrders({ limit: 1 });
  const orders = useOrders({ status: filter === 'all' ? undefined : filter, q: q || undefined, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  if (any.isSuccess && any.data.total === 0) return <EmptyOrders />;
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={filter} onChange={(value) => set({ status: value === 'active' ? null : value, page: null })}>
        <Group gap="xs" role="radiogroup" aria-label={t('orders.list.filter')}>
          {FILTERS.map((value) => (
            <Chip key={value} value={value} size="sm" variant="outline">
              {t(`orders.list.tab_${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('orders.list.search')}
          placeholder={t('orders.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 16rem' }}
        />
        <NativeSelect
          label={t('orders.list.sort')}
          value={sort}
          onChange={(event) => set({ sort: event.currentTarget.value === 'due' ? 'due' : null, page: null })}
          data={[
            { value: 'activity', label: t('orders.list.sortActivity') },
            { value: 'due', label: t('orders.list.sortDue') },
          ]}
          style={{ flex: '0 0 12rem' }}
        />
      </Group>
      {orders.isPending ? (
        <PageLoader label={t('orders.list.loading')} />
      ) : orders.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormMessage tone="error">{t('orders.list.failed')}</FormMessage>
          <Button variant="default" onClick={() => void orders.refetch()}>
            {t('orders.list.retry')}
          </Button>
        </Stack>
      ) : orders.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('orders.list.noMatch')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" data-testid="orders-total">
            {t('orders.list.count', { count: orders.data.total })}
          </Text>
          <OrdersTable orders={orders.data.items} caption={t(`orders.list.tab_${filter}`)} />
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => set({ page: next === 1 ? null : String(next) })}
              getControlProps={(control) => ({ 'aria-label': t(`orders.list.page_${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('orders.list.page', { page: number(item) }) })}
              aria-label={t('orders.list.pages')}
              style={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** Every change to one of the caller's orders, told by the server, refreshes what is on screen. */
function useLiveOrders() {
  const invalidate = useInvalidateOrder();
  useSocketEvent('order:updated', ({ orderId }) => invalidate(orderId));
  const queryClient = useQueryClient();
  useSocketConnect(() => void queryClient.invalidateQueries({ queryKey: ordersKeys.list }));
}

/** `/orders`: the caller's orders on both sides, and a designer's balance. */
export function OrdersPage() {
  const { t } = useI18n();
  const { user } = useMe();
  useLiveOrders();
  return (
    <PageShell title={t('orders.list.title')} description={t('orders.list.subtitle')}>
      {user?.isSeller ? <Balance /> : null}
      <AwaitingPayment />
      <OrderLists />
    </PageShell>
  );
}
