import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconReceiptRefund, IconScale } from '@tabler/icons-react';
import { DISPUTE_REASON_LIST, disputeInput, disputeResponseInput, ORDER_NOTE_MAX, partialRefundInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { formatMoney } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useOrderMessages } from '@/lib/order-messages';
import { useI18n } from '@/lib/use-i18n';
import { useCaseFileUploads } from '../api/order-files';
import { useOrderAction } from '../api/orders';
import { CaseFilesField } from './CaseFilesField';
import type { OrderDetail } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

type Errors = Partial<Record<'reason' | 'statement' | 'files' | 'amount' | 'note', string>>;

function issuesOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0]) as keyof Errors;
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A statement with files: the buyer's dispute (with a reason) or the designer's answer (docs/product.md §5.11). Opens on demand;
 * the refusal, if any, shows inside.
 */
function StatementForm({ order, kind }: { order: OrderDetail; kind: 'dispute' | 'response' }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const action = useOrderAction(order.id, kind === 'dispute' ? 'dispute' : 'dispute/response');
  const uploads = useCaseFileUploads();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [statement, setStatement] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const id = `${kind}-${order.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = kind === 'dispute' ? disputeInput.safeParse({ reason, statement, files: uploads.ids }) : disputeResponseInput.safeParse({ statement, files: uploads.ids });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    if (uploads.busy) return;
    action.mutate(parsed.data as never, {
      onSuccess: () => {
        uploads.reset();
        setOpen(false);
        notifySuccess(kind === 'dispute' ? t('orders.dispute.opened') : t('orders.dispute.answered'));
      },
      onError: (error) => {
        const fields = fieldMessages(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(failure(error, t('orders.actions.failed')));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Button
        variant={kind === 'dispute' ? 'default' : 'filled'}
        color={kind === 'dispute' ? 'red.8' : undefined}
        leftSection={<IconScale size={18} aria-hidden />}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
      >
        {kind === 'dispute' ? t('orders.dispute.open') : t('orders.dispute.answer')}
      </Button>
      {open ? (
        <form noValidate onSubmit={submit} id={id}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {kind === 'dispute' ? t('orders.dispute.openHint') : t('orders.dispute.answerHint')}
            </Text>
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            {kind === 'dispute' ? (
              <Select
                label={t('orders.dispute.reason')}
                data={DISPUTE_REASON_LIST.map((value) => ({ value, label: t(`orders.dispute.reasons.${value}`) }))}
                value={reason}
                onChange={setReason}
                error={message(errors.reason)}
                required
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <Textarea
              label={t('orders.dispute.statement')}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={ORDER_NOTE_MAX}
              value={statement}
              onChange={(event) => setStatement(event.currentTarget.value)}
              error={message(errors.statement)}
              required
            />
            <CaseFilesField
              label={t('orders.dispute.files')}
              description={t('orders.dispute.filesHint')}
              items={uploads.items}
              onAdd={uploads.add}
              onRemove={uploads.remove}
              error={message(errors.files)}
              disabled={action.isPending}
            />
            <Button type="submit" loading={action.isPending} disabled={uploads.busy} style={{ alignSelf: 'flex-start' }}>
              {kind === 'dispute' ? t('orders.dispute.submit') : t('orders.dispute.submitAnswer')}
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

export const DisputeForm = ({ order }: { order: OrderDetail }) => <StatementForm order={order} kind="dispute" />;
export const DisputeResponseForm = ({ order }: { order: OrderDetail }) => <StatementForm order={order} kind="response" />;

/** The designer offers part of the price back; accepted, the order completes with that refund. */
export function RefundOfferForm({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const { message, failure } = useOrderMessages();
  const offer = useOrderAction(order.id, 'partial-refund');
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<string | number>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const id = `refund-offer-${order.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = partialRefundInput.safeParse({ amount: amount === '' ? undefined : amount, note });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    offer.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        notifySuccess(t('orders.refundOffer.sent'));
      },
      onError: (error) => {
        const fields = fieldMessages(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(failure(error, t('orders.actions.failed')));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Button variant="default" leftSection={<IconReceiptRefund size={18} aria-hidden />} onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls={open ? id : undefined}>
        {t('orders.refundOffer.open')}
      </Button>
      {open ? (
        <form noValidate onSubmit={submit} id={id}>
          <Stack gap="sm">
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            <NumberInput
              label={t('orders.refundOffer.amount', { currency: order.currency })}
              description={t('orders.refundOffer.amountHint', { price: formatMoney(order.price, order.currency, locale) })}
              min={0}
              max={order.price}
              decimalScale={2}
              value={amount}
              onChange={setAmount}
              error={message(errors.amount)}
              required
            />
            <Textarea label={t('orders.refundOffer.note')} autosize minRows={2} maxRows={6} maxLength={ORDER_NOTE_MAX} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={message(errors.note)} />
            <Button type="submit" loading={offer.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('orders.refundOffer.submit')}
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

/** The buyer's answer to the designer's open offer. */
export function RefundOfferAnswer({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const { failure } = useOrderMessages();
  const accept = useOrderAction(order.id, 'partial-refund/accept');
  const decline = useOrderAction(order.id, 'partial-refund/decline');
  const [error, setError] = useState<string>();
  if (!order.refundOffer) return null;
  const run = (which: typeof accept, done: string) => {
    setError(undefined);
    which.mutate({}, { onSuccess: () => notifySuccess(done), onError: (failed) => setError(failure(failed, t('orders.actions.failed'))) });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`offer-${order.id}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={`offer-${order.id}`}>
          {t('orders.refundOffer.title', { amount: formatMoney(order.refundOffer.amount, order.currency, locale) })}
        </Title>
        {order.refundOffer.note ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{order.refundOffer.note}</Text> : null}
        <Text size="sm" c="dimmed">
          {t('orders.refundOffer.explain', { rest: formatMoney(order.price - order.refundOffer.amount, order.currency, locale) })}
        </Text>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Group gap="sm">
          <Button onClick={() => run(accept, t('orders.refundOffer.accepted'))} loading={accept.isPending} disabled={decline.isPending}>
            {t('orders.refundOffer.accept')}
          </Button>
          <Button variant="default" onClick={() => run(decline, t('orders.refundOffer.declined'))} loading={decline.isPending} disabled={accept.isPending}>
            {t('orders.refundOffer.decline')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The dispute as both parties see it: reason, both statements, and the administrator's decision once made. */
export function DisputeCard({ order }: { order: OrderDetail }) {
  const { t, locale } = useI18n();
  const dispute = order.dispute;
  if (!dispute) return null;
  const money = (amount: number | null) => formatMoney(amount ?? 0, order.currency, locale);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="dispute-title" data-testid="dispute-card">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dispute-title">
          {dispute.status === 'open' ? t('orders.dispute.titleOpen') : t('orders.dispute.titleResolved')}
        </Title>
        <Text size="sm">
          <Text span fw={600}>
            {t('orders.dispute.reason')}:{' '}
          </Text>
          {t(`orders.dispute.reasons.${dispute.reason}`)}
        </Text>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('orders.dispute.buyerStatement')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {dispute.statement}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('orders.dispute.designerStatement')}
          </Text>
          <Text size="sm" c={dispute.response ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {dispute.response ?? t('orders.dispute.noAnswer')}
          </Text>
        </Stack>
        {dispute.status === 'resolved' ? (
          <FormMessage tone="success">
            <span data-testid="dispute-outcome">
              {t(`orders.dispute.outcomes.${dispute.outcome ?? 'split'}`, {
                buyer: money(dispute.buyerAmount),
                designer: money(dispute.designerAmount),
                fee: money(dispute.fee),
              })}
            </span>
          </FormMessage>
        ) : (
          <Text size="sm" c="dimmed">
            {t('orders.dispute.waiting')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
