import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, MultiSelect, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconClockPlus, IconPackageExport, IconRefresh, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { cancelInput, deliverInput, EXTENSION_MAX_DAYS, extensionInput, ORDER_NOTE_MAX, revisionInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { counterpartOf } from '../lib/format';
import { isolate } from '@/lib/isolate';
import { useCaseFileUploads } from '../api/order-files';
import { useOrderAction } from '../api/orders';
import { revisionsLeft } from '../lib/format';
import { useOrderMessages } from '@/lib/order-messages';
import { CaseFilesField } from './CaseFilesField';
import { ReviewForm } from './ReviewForm';
import { DisputeForm, DisputeResponseForm, RefundOfferAnswer, RefundOfferForm } from './DisputeActions';
import { BuyRevisionButton, CaseFilesForm, RescanButton, RescanNotice } from './RescanActions';
import type { OrderDetail } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

function firstIssue(issues: { path: PropertyKey[]; message: string }[], field: string) {
  return issues.find((issue) => issue.path[0] === field)?.message;
}

interface NoteFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  /** Smaller for a short reason in a dialog. */
  compact?: boolean;
}

/** A note that goes with an order action (delivery, revision, cancellation): grows with its text, up to ORDER_NOTE_MAX. */
function NoteField({ label, value, onChange, error, compact = false }: NoteFieldProps) {
  return (
    <Textarea
      label={label}
      autosize
      minRows={compact ? 2 : 3}
      maxRows={compact ? 6 : 8}
      maxLength={ORDER_NOTE_MAX}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is about to happen, and any field the action needs. */
  children: ReactNode;
  error: string | undefined;
  backLabel: string;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Asks once more before an action that cannot be undone; the refusal, if any, shows inside. */
function ConfirmModal({ opened, onClose, title, children, error, backLabel, confirmLabel, confirmColor, pending, onConfirm }: ConfirmModalProps) {
  const { t } = useI18n();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        {children}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {backLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The designer sends the design files (at least one) and a note (docs/product.md §5.2). */
function DeliverForm({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const deliver = useOrderAction(order.id, 'deliver');
  const uploads = useCaseFileUploads();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; files?: string }>({});
  const [formError, setFormError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = deliverInput.safeParse({ note, files: uploads.ids });
    if (!parsed.success) {
      setErrors({ note: firstIssue(parsed.error.issues, 'note'), files: firstIssue(parsed.error.issues, 'files') });
      return;
    }
    setErrors({});
    if (uploads.busy) return;
    deliver.mutate(parsed.data, {
      onSuccess: () => {
        uploads.reset();
        setNote('');
        notifySuccess(t('orders.actions.delivered'));
      },
      onError: (error) => {
        const fields = fieldMessages(error);
        if (fields.files || fields.note) setErrors({ files: fields.files, note: fields.note });
        else setFormError(failure(error, t('orders.actions.failed')));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="deliver-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="deliver-title">
          {order.status === 'revision_requested' ? t('orders.actions.deliverAgainTitle') : t('orders.actions.deliverTitle')}
        </Title>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <CaseFilesField
          label={t('orders.actions.deliverFiles')}
          description={t('orders.actions.deliverFilesHint')}
          items={uploads.items}
          onAdd={uploads.add}
          onRemove={uploads.remove}
          error={message(errors.files)}
          disabled={deliver.isPending}
        />
        <NoteField label={t('orders.actions.deliverNote')} value={note} onChange={setNote} error={message(errors.note)} />
        {uploads.busy ? (
          <Text size="sm" c="dimmed" role="status">
            {t('orders.form.waitForUploads')}
          </Text>
        ) : null}
        <Button type="submit" loading={deliver.isPending} disabled={uploads.busy} leftSection={<IconPackageExport size={18} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
          {t('orders.actions.deliver')}
        </Button>
      </Stack>
    </form>
  );
}

/** The buyer asks for changes, within the included revisions. */
function RevisionForm({ order, startOpen }: { order: OrderDetail; startOpen: boolean }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const revision = useOrderAction(order.id, 'revision');
  // Open at once when the buyer has just paid for an extra revision (docs/product.md §5.4).
  const [open, setOpen] = useState(startOpen);
  const [note, setNote] = useState('');
  const [units, setUnits] = useState<string[]>([]);
  const [unitsError, setUnitsError] = useState<string>();
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  // Revisions may point at prescribed teeth (docs/product.md §5.4); older orders at their teeth.
  const prescribed = order.prescription.units.length > 0 ? order.prescription.units.map((u) => u.tooth) : order.teeth;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setUnitsError(undefined);
    const parsed = revisionInput.safeParse({ note, units: units.map(Number) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    revision.mutate(parsed.data, {
      onSuccess: () => {
        setNote('');
        setUnits([]);
        setOpen(false);
        notifySuccess(t('orders.actions.revisionSent'));
      },
      onError: (failed) => {
        const fields = fieldMessages(failed);
        if (fields.note) setError(fields.note);
        else if (fields.units) setUnitsError(fields.units);
        else setFormError(failure(failed, t('orders.actions.failed')));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls={open ? `revision-${order.id}` : undefined}>
        {t('orders.actions.revision')}
      </Button>
      <Text size="xs" c="dimmed" data-testid="revisions-left-hint">
        {t('orders.actions.revisionsLeft', { count: revisionsLeft(order) })}
      </Text>
      {open ? (
        <form noValidate onSubmit={submit} id={`revision-${order.id}`}>
          <Stack gap="sm">
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            <NoteField label={t('orders.actions.revisionNote')} value={note} onChange={setNote} error={message(error)} />
            {prescribed.length > 0 ? (
              <MultiSelect
                label={t('orders.rx.revisionUnits')}
                description={t('orders.rx.revisionUnitsHint')}
                data={prescribed.map((tooth) => ({ value: String(tooth), label: String(tooth) }))}
                value={units}
                onChange={setUnits}
                clearable
                error={message(unitsError)}
              />
            ) : null}
            <Button type="submit" loading={revision.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('orders.actions.revisionSubmit')}
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}

/** Accepting completes the order and releases the payment to the designer: asked once more. */
function AcceptButton({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { failure } = useOrderMessages();
  const accept = useOrderAction(order.id, 'accept');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = () => {
    setError(undefined);
    accept.mutate(
      {},
      {
        onSuccess: () => {
          setOpen(false);
          notifySuccess(t('orders.actions.accepted'));
        },
        onError: (failed) => setError(failure(failed, t('orders.actions.failed'))),
      },
    );
  };
  return (
    <>
      <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('orders.actions.accept')}
      </Button>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('orders.actions.acceptTitle')}
        error={error}
        backLabel={t('orders.actions.back')}
        confirmLabel={t('orders.actions.acceptConfirm')}
        pending={accept.isPending}
        onConfirm={confirm}
      >
        <Text>{t('orders.actions.acceptText')}</Text>
      </ConfirmModal>
    </>
  );
}

/** Either party cancels before delivery; the buyer's payment is refunded (docs/product.md §5.5). */
function CancelButton({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const cancel = useOrderAction(order.id, 'cancel');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const confirm = () => {
    setError(undefined);
    const parsed = cancelInput.safeParse({ reason });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      return;
    }
    cancel.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        notifySuccess(t('orders.actions.cancelled'));
      },
      onError: (failed) => setError(failure(failed, t('orders.actions.failed'))),
    });
  };
  const unpaid = order.status === 'pending_payment';
  return (
    <>
      <Button variant="subtle" color="red" c="red.9" leftSection={<IconX size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('orders.actions.cancel')}
      </Button>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('orders.actions.cancelTitle')}
        error={error}
        backLabel={t('orders.actions.keep')}
        confirmLabel={t('orders.actions.cancelConfirm')}
        confirmColor="red.8"
        pending={cancel.isPending}
        onConfirm={confirm}
      >
        <Text>{unpaid ? t('orders.actions.cancelTextUnpaid') : t('orders.actions.cancelText')}</Text>
        <NoteField label={t('orders.actions.cancelReason')} value={reason} onChange={setReason} compact />
      </ConfirmModal>
    </>
  );
}

/** The designer asks the buyer for 1-30 more days, with a reason (docs/product.md §5.2a). */
function ExtensionButton({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const extension = useOrderAction(order.id, 'extension');
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number | string>(2);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ days?: string; reason?: string }>({});
  const [error, setError] = useState<string>();
  const confirm = () => {
    setError(undefined);
    const parsed = extensionInput.safeParse({ days, reason });
    if (!parsed.success) {
      setErrors({ days: firstIssue(parsed.error.issues, 'days'), reason: firstIssue(parsed.error.issues, 'reason') });
      return;
    }
    setErrors({});
    extension.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        notifySuccess(t('orders.actions.extensionSent'));
      },
      onError: (failed) => {
        const fields = fieldMessages(failed);
        if (fields.days || fields.reason) setErrors({ days: fields.days, reason: fields.reason });
        else setError(failure(failed, t('orders.actions.failed')));
      },
    });
  };
  return (
    <>
      <Button variant="default" leftSection={<IconClockPlus size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('orders.actions.extension')}
      </Button>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('orders.actions.extensionTitle')}
        error={error}
        backLabel={t('orders.actions.back')}
        confirmLabel={t('orders.actions.extensionSubmit')}
        pending={extension.isPending}
        onConfirm={confirm}
      >
        <NumberInput label={t('orders.actions.extensionDays')} min={1} max={EXTENSION_MAX_DAYS} allowDecimal={false} value={days} onChange={setDays} error={message(errors.days)} />
        <NoteField label={t('orders.actions.extensionReason')} value={reason} onChange={setReason} error={message(errors.reason)} compact />
      </ConfirmModal>
    </>
  );
}

/** A request for more time waiting: the buyer reads it and accepts or declines; the designer sees it is waiting. */
function ExtensionRequest({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { failure } = useOrderMessages();
  const accept = useOrderAction(order.id, 'extension/accept');
  const decline = useOrderAction(order.id, 'extension/decline');
  const [error, setError] = useState<string>();
  if (!order.extension) return null;
  const { days, reason } = order.extension;
  if (order.isSeller) {
    return (
      <Text size="sm" c="dimmed" data-testid="extension-waiting">
        {t('orders.actions.extensionWaitingSeller', { count: days })}
      </Text>
    );
  }
  const answer = (mutation: typeof accept, done: string) => {
    setError(undefined);
    mutation.mutate({}, { onSuccess: () => notifySuccess(done), onError: (failed) => setError(failure(failed, t('orders.actions.failed'))) });
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="extension-request">
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {/* The name and the reason are the people's own words, kept whole in either direction. */}
          {t('orders.actions.extensionAsked', { name: isolate(userName(t, counterpartOf(order).username)), count: days, reason: isolate(reason) })}
        </Text>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Group gap="sm">
          {order.actions.includes('extensionAccept') ? (
            <Button size="sm" onClick={() => answer(accept, t('orders.actions.extensionAccepted'))} loading={accept.isPending} disabled={decline.isPending}>
              {t('orders.actions.extensionAccept')}
            </Button>
          ) : null}
          {order.actions.includes('extensionDecline') ? (
            <Button size="sm" variant="default" onClick={() => answer(decline, t('orders.actions.extensionDeclined'))} loading={decline.isPending} disabled={accept.isPending}>
              {t('orders.actions.extensionDecline')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * What the caller may do now, exactly as the server's `actions` says (docs/product.md §5.2): pay, deliver, accept,
 * ask for a revision, cancel, review. Nothing when it is the other party's turn. The rules themselves live in
 * ORDER_POLICY (packages/shared, docs/decisions/0030) and are applied by the server only: this shows its answer.
 */
export function OrderActions({ order, startRevision = false }: { order: OrderDetail; startRevision?: boolean }) {
  const { t } = useI18n();
  const { message } = useOrderMessages();
  const { actions } = order;
  const can = (action: OrderDetail['actions'][number]) => actions.includes(action);
  // Why a revision cannot be asked for, as the server says (its turn, but none left): never worked out here.
  const revisionRefused = order.unavailable.revision;

  if (actions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-actions">
        {t(`orders.actions.nothing.${order.status}`)}
      </Text>
    );
  }

  return (
    <Stack gap="md" data-testid="order-actions">
      <RescanNotice order={order} />
      {can('caseFiles') && order.waitingForScans ? <CaseFilesForm order={order} /> : null}
      <ExtensionRequest order={order} />
      {can('pay') && order.paymentId ? (
        <Button component={Link} to={`/pay/service/${order.serviceId}?payment=${encodeURIComponent(order.paymentId)}`}>
          {t('orders.actions.pay')}
        </Button>
      ) : null}
      {can('deliver') ? <DeliverForm order={order} /> : null}
      {can('extension') ? <ExtensionButton order={order} /> : null}
      {can('rescan') ? <RescanButton order={order} /> : null}
      {can('accept') ? <AcceptButton order={order} /> : null}
      {can('revision') ? <RevisionForm order={order} startOpen={startRevision} /> : null}
      {revisionRefused ? (
        <Text size="sm" c="dimmed" data-testid="revision-unavailable">
          {message(revisionRefused)}
        </Text>
      ) : null}
      {can('buyRevision') ? <BuyRevisionButton order={order} /> : null}
      {can('caseFiles') && !order.waitingForScans ? <CaseFilesForm order={order} /> : null}
      {can('acceptRefund') ? <RefundOfferAnswer order={order} /> : null}
      {can('respond') ? <DisputeResponseForm order={order} /> : null}
      {can('offerRefund') ? <RefundOfferForm order={order} /> : null}
      {can('dispute') ? <DisputeForm order={order} /> : null}
      {can('review') ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('orders.review.title')}
          </Title>
          <ReviewForm orderId={order.id} />
        </Stack>
      ) : null}
      {can('cancel') ? <CancelButton order={order} /> : null}
    </Stack>
  );
}
