import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { useI18n } from '@/lib/use-i18n';
import { useMe } from '@/features/auth';
import { useBalance, useOrders } from '../api/orders';
import { OrdersTable } from '../components/OrdersTable';

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

function OrderLists() {
  const { t } = useI18n();
  const orders = useOrders();
  if (orders.isPending) return <PageLoader label={t('orders.list.loading')} />;
  if (orders.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormMessage tone="error">{t('orders.list.failed')}</FormMessage>
        <Button variant="default" onClick={() => void orders.refetch()}>
          {t('orders.list.retry')}
        </Button>
      </Stack>
    );
  }
  const all = orders.data;
  if (all.length === 0) {
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
  // Sellers see the Buyer column and buyers the Seller column (docs/product.md §3.6); a designer who
  // also buys gets one table for each side.
  const selling = all.filter((order) => order.isSeller);
  const buying = all.filter((order) => !order.isSeller);
  return (
    <Stack gap="xl">
      {selling.length > 0 ? <OrdersTable orders={selling} side="selling" caption={t('orders.list.selling')} /> : null}
      {buying.length > 0 ? <OrdersTable orders={buying} side="buying" caption={t('orders.list.buying')} /> : null}
    </Stack>
  );
}

/** `/orders`: the caller's orders on both sides, and a designer's balance. */
export function OrdersPage() {
  const { t } = useI18n();
  const { user } = useMe();
  return (
    <PageShell title={t('orders.list.title')} description={t('orders.list.subtitle')}>
      {user?.isSeller ? <Balance /> : null}
      <OrderLists />
    </PageShell>
  );
}
