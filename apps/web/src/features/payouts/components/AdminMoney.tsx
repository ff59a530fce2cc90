import { useState } from 'react';
import { Anchor, Badge, Button, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DisputeCard } from '@/features/orders';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useAdminDisputes, useAdminPayouts, useDecidePayout, usePlatformTotals, useResolveDispute } from '../api/payouts';
import { PAYOUT_STATUS_COLOR } from '../pages/PayoutsPage';
import type { AdminPayout, OrderDetail } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

type Outcome = 'release' | 'refund' | 'split';

/** One open dispute: the order, both statements, its files and timeline, and the administrator's decision. */
function DisputeItem({ order }: { order: OrderDetail }) {
  const { t, money, locale } = useI18n();
  const { message, failure } = useMessages();
  const resolve = useResolveDispute();
  const [outcome, setOutcome] = useState<Outcome>('split');
  const [buyerAmount, setBuyerAmount] = useState<string | number>('');
  const [designerAmount, setDesignerAmount] = useState<string | number>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const files = order.events.flatMap((e) => e.files).concat(order.attachments);
  const submit = () => {
    setError(undefined);
    setErrors({});
    const body = outcome === 'split' ? { outcome, buyerAmount: Number(buyerAmount || 0), designerAmount: Number(designerAmount || 0) } : { outcome };
    resolve.mutate(
      { orderId: order.id, body },
      {
        onSuccess: () => notifySuccess(t('payouts.admin.resolved')),
        onError: (failed) => {
          if (Object.keys(fieldMessages(failed)).length > 0) setErrors(fieldMessages(failed));
          else setError(failure(failed, t('payouts.failed')));
        },
      },
    );
  };
  const headingId = `dispute-${order.id}`;
  return (
    <Paper withBorder radius="lg" p="lg" component="article" aria-labelledby={headingId} data-testid="admin-dispute">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {order.title}
          </Title>
          <Text fw={600}>{money(order.price, order.currency)}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('payouts.admin.parties', { buyer: order.buyer.username, designer: order.seller.username })}
        </Text>
        <DisputeCard order={order} />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('payouts.admin.files')}
          </Text>
          {files.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('payouts.admin.noFiles')}
            </Text>
          ) : (
            files.map((f) => (
              <Anchor key={f.id} href={f.url ?? undefined} size="sm" dir="ltr">
                {f.name}
              </Anchor>
            ))
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('payouts.admin.timeline')}
          </Text>
          <Stack gap={2} component="ol" style={{ margin: 0, paddingInlineStart: 20 }}>
            {order.events.map((e) => (
              <Text key={e.id} size="sm" component="li">
                {formatDate(e.createdAt, locale)}: {t(`orders.events.${e.type}`)}
                {e.note ? ` — ${e.note}` : ''}
              </Text>
            ))}
          </Stack>
        </Stack>
        <Stack gap="sm">
          <Text size="sm" fw={600} id={`${headingId}-outcome`}>
            {t('payouts.admin.decision')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${headingId}-outcome`}
            value={outcome}
            onChange={(value) => setOutcome(value as Outcome)}
            data={[
              { value: 'release', label: t('payouts.admin.release') },
              { value: 'refund', label: t('payouts.admin.refund') },
              { value: 'split', label: t('payouts.admin.split') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {outcome === 'split' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput label={t('payouts.admin.buyerAmount', { currency: order.currency })} min={0} max={order.price} decimalScale={2} value={buyerAmount} onChange={setBuyerAmount} error={message(errors.buyerAmount)} />
              <NumberInput label={t('payouts.admin.designerAmount', { currency: order.currency })} min={0} max={order.price} decimalScale={2} value={designerAmount} onChange={setDesignerAmount} error={message(errors.designerAmount)} />
            </SimpleGrid>
          ) : null}
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <Button onClick={submit} loading={resolve.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('payouts.admin.resolve')}
          </Button>
          <Anchor component={Link} to={`/orders/${order.id}`} size="sm">
            {t('orders.events.view')}
          </Anchor>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function DisputesTab() {
  const { t } = useI18n();
  const disputes = useAdminDisputes();
  if (disputes.isPending) return <PageLoader />;
  if (disputes.isError) return <FormMessage tone="error">{t('payouts.loadFailed')}</FormMessage>;
  if (disputes.data.length === 0) return <Text c="dimmed">{t('payouts.admin.noDisputes')}</Text>;
  return (
    <Stack gap="lg">
      {disputes.data.map((order) => (
        <DisputeItem key={order.id} order={order} />
      ))}
    </Stack>
  );
}

/** A requested payout: the full bank details to send it, and Paid (with the transfer's reference) or Rejected (why). */
function PayoutRow({ payout }: { payout: AdminPayout }) {
  const { t, money, locale } = useI18n();
  const { message, failure } = useMessages();
  const decide = useDecidePayout();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const run = (paid: boolean) => {
    setError(undefined);
    decide.mutate(
      // A Stripe payout is paid by a Transfer, whose id becomes the reference: nothing to type for it.
      { id: payout.id, decision: paid ? (payout.byTransfer ? { paid: true } : { paid: true, reference: text }) : { paid: false, reason: text } },
      {
        onSuccess: () => notifySuccess(paid ? t(payout.byTransfer ? 'payouts.admin.transferred' : 'payouts.admin.markedPaid') : t('payouts.admin.markedRejected')),
        onError: (failed) => setError(message(Object.values(fieldMessages(failed))[0]) ?? failure(failed, t('payouts.failed'))),
      },
    );
  };
  const d = payout.details;
  // Paid by hand to details changed less than 72 hours ago: not yet (docs/decisions/0051). A Transfer pays the account
  // named at the request, whatever the details say now.
  const held = d?.holdUntil && !payout.byTransfer ? formatDate(d.holdUntil, locale, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {payout.designer.username}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(payout.createdAt, locale)}
        </Text>
      </Table.Td>
      <Table.Td>{money(payout.amount, payout.currency)}</Table.Td>
      <Table.Td dir="ltr">
        <Text size="sm">{d?.accountHolder ?? ''}</Text>
        <Text size="sm">{d?.iban ?? d?.stripeAccount ?? payout.destination}</Text>
        <Text size="xs" c="dimmed">
          {d?.bankName ?? ''}
        </Text>
        {held && payout.status === 'requested' ? (
          <Text size="xs" fw={600} c="orange.9" dir="auto" data-testid="admin-payout-held">
            {t('payouts.admin.held', { date: held })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {payout.status === 'requested' ? (
          <Stack gap={4}>
            <TextInput size="xs" aria-label={t(payout.byTransfer ? 'payouts.admin.reasonFor' : 'payouts.admin.referenceOrReason', { name: payout.designer.username })} placeholder={t(payout.byTransfer ? 'payouts.admin.reasonHint' : 'payouts.admin.referenceOrReasonHint')} value={text} onChange={(e) => setText(e.currentTarget.value)} error={message(error)} />
            <Group gap="xs">
              <Button size="xs" onClick={() => run(true)} loading={decide.isPending} disabled={held !== null}>
                {t(payout.byTransfer ? 'payouts.admin.transfer' : 'payouts.admin.paid')}
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => run(false)} disabled={decide.isPending}>
                {t('payouts.admin.reject')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Badge variant="light" color={PAYOUT_STATUS_COLOR[payout.status].color} c={PAYOUT_STATUS_COLOR[payout.status].c}>
            {t(`payouts.statuses.${payout.status}`)}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function PayoutsTab() {
  const { t } = useI18n();
  const [status, setStatus] = useState<'requested' | 'all'>('requested');
  const payouts = useAdminPayouts(status);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('payouts.status')}
        value={status}
        onChange={(value) => setStatus(value as 'requested' | 'all')}
        data={[
          { value: 'requested', label: t('payouts.statuses.requested') },
          { value: 'all', label: t('catalogue.admin.all') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {payouts.isPending ? (
        <PageLoader />
      ) : payouts.isError ? (
        <FormMessage tone="error">{t('payouts.loadFailed')}</FormMessage>
      ) : payouts.data.length === 0 ? (
        <Text c="dimmed">{t('payouts.admin.noPayouts')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" data-testid="admin-payouts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payouts.admin.designer')}</Table.Th>
                <Table.Th>{t('payouts.amountColumn')}</Table.Th>
                <Table.Th>{t('payouts.destination')}</Table.Th>
                <Table.Th>{t('payouts.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payouts.data.map((p) => (
                <PayoutRow key={p.id} payout={p} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The platform's books: what is held, earned, owed and paid; the sum over every account is zero. */
export function TotalsTab() {
  const { t, money, number } = useI18n();
  const totals = usePlatformTotals();
  if (totals.isPending) return <PageLoader />;
  if (totals.isError) return <FormMessage tone="error">{t('payouts.loadFailed')}</FormMessage>;
  const d = totals.data;
  const rows = [
    ['taken', d.taken],
    ['escrow', d.escrow],
    ['fees', d.fees],
    ['designersAvailable', d.designersAvailable],
    ['payoutsPending', d.payoutsPending],
    ['paidOut', d.paidOut],
    ['refunded', d.refunded],
  ] as const;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {rows.map(([key, value]) => (
          <Paper key={key} withBorder radius="lg" p="md">
            <Text size="sm" c="dimmed">
              {t(`payouts.totals.${key}`)}
            </Text>
            <Text fz={22} fw={700} data-testid={`totals-${key}`}>
              {money(value, d.currency)}
            </Text>
          </Paper>
        ))}
        <Paper withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed">
            {t('payouts.totals.openDisputes')}
          </Text>
          <Text fz={22} fw={700}>
            {number(d.openDisputes)}
          </Text>
        </Paper>
      </SimpleGrid>
      <FormMessage tone={d.sum === 0 ? 'success' : 'error'}>{d.sum === 0 ? t('payouts.totals.balanced') : t('payouts.totals.unbalanced', { sum: money(d.sum, d.currency) })}</FormMessage>
    </Stack>
  );
}
