import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlayerPause, IconReceipt2, IconScan, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { caseFilesInput, ORDER_NOTE_MAX, rescanInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { notifySuccess } from '@/lib/notify';
import { useOrderMessages } from '@/lib/order-messages';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import { useCaseFileUploads } from '../api/order-files';
import { useOrderAction } from '../api/orders';
import { isolate } from '@/lib/isolate';
import { counterpartOf } from '../lib/format';
import { CaseFilesField } from './CaseFilesField';
import type { OrderDetail } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

const HOUR_MS = 3_600_000;

/** The time left when the clock stopped, as days and hours ("2 days 5 hours"), or how late it was. */
function useTimeLeft() {
  const { t } = useI18n();
  return (ms: number) => {
    const hours = Math.round(Math.abs(ms) / HOUR_MS);
    const text = t('orders.rescan.duration', { days: Math.floor(hours / 24), hours: hours % 24 });
    return ms < 0 ? t('orders.rescan.pausedLate', { time: text }) : t('orders.rescan.pausedLeft', { time: text });
  };
}

/**
 * A rescan waiting (docs/product.md §5.2a): both parties read why and that the due date is paused with the time that was left;
 * the buyer is pointed at the form below that sends the new files.
 */
export function RescanNotice({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const timeLeft = useTimeLeft();
  if (!order.waitingForScans) return null;
  const name = isolate(userName(t, counterpartOf(order).username));
  return (
    <Alert variant="light" color="ocean" icon={<IconPlayerPause aria-hidden />} data-testid="rescan-waiting">
      <Stack gap={4}>
        {/* The title as plain strong text: the alert's own title colour is too light on its background. */}
        <Text size="sm" fw={700}>
          {t('orders.rescan.waitingTitle')}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {order.isSeller ? t('orders.rescan.waitingSeller') : t('orders.rescan.waitingBuyer', { name })}
        </Text>
        {order.rescanReason ? (
          <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {order.rescanReason}
          </Text>
        ) : null}
        {order.dueRemainingMs !== null ? (
          <Text size="sm" c="dimmed">
            {timeLeft(order.dueRemainingMs)}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The designer asks for new scans with a reason: the due date stops until they arrive. */
export function RescanButton({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const rescan = useOrderAction(order.id, 'rescan');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [error, setError] = useState<string>();
  const confirm = () => {
    setError(undefined);
    const parsed = rescanInput.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    rescan.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        notifySuccess(t('orders.rescan.sent'));
      },
      onError: (failed) => {
        const fields = fieldMessages(failed);
        if (fields.reason) setReasonError(fields.reason);
        else setError(failure(failed, t('orders.actions.failed')));
      },
    });
  };
  return (
    <>
      <Button variant="default" leftSection={<IconScan size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('orders.rescan.ask')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('orders.rescan.askTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Stack gap="md">
          <Text size="sm">{t('orders.rescan.askText')}</Text>
          <Textarea
            label={t('orders.rescan.reason')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={ORDER_NOTE_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={message(reasonError)}
            data-autofocus
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={rescan.isPending}>
              {t('orders.actions.back')}
            </Button>
            <Button onClick={confirm} loading={rescan.isPending}>
              {t('orders.rescan.askSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The buyer sends more case files (new scans after a rescan request, or anything the designer needs): open at once
 * while a rescan waits, behind a button otherwise.
 */
export function CaseFilesForm({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const { message, failure } = useOrderMessages();
  const send = useOrderAction(order.id, 'case-files');
  const uploads = useCaseFileUploads();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [filesError, setFilesError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const shown = open || order.waitingForScans;
  const id = `case-files-${order.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = caseFilesInput.safeParse({ files: uploads.ids, note });
    if (!parsed.success) {
      setFilesError(parsed.error.issues[0]?.message);
      return;
    }
    setFilesError(undefined);
    if (uploads.busy) return;
    send.mutate(parsed.data, {
      onSuccess: () => {
        uploads.reset();
        setNote('');
        setOpen(false);
        notifySuccess(order.waitingForScans ? t('orders.rescan.filesSentRestart') : t('orders.rescan.filesSent'));
      },
      onError: (failed) => {
        const fields = fieldMessages(failed);
        if (fields.files) setFilesError(fields.files);
        else setFormError(failure(failed, t('orders.actions.failed')));
      },
    });
  };

  if (!shown) {
    return (
      <Button variant="default" leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setOpen(true)} aria-expanded={false} style={{ alignSelf: 'flex-start' }}>
        {t('orders.rescan.addFiles')}
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} id={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={`${id}-title`}>
          {order.waitingForScans ? t('orders.rescan.sendTitle') : t('orders.rescan.addFilesTitle')}
        </Title>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <CaseFilesField
          label={t('orders.rescan.files')}
          description={t('orders.rescan.filesHint')}
          items={uploads.items}
          onAdd={uploads.add}
          onRemove={uploads.remove}
          error={message(filesError)}
          disabled={send.isPending}
        />
        <Textarea label={t('orders.rescan.note')} autosize minRows={2} maxRows={6} maxLength={ORDER_NOTE_MAX} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
        {uploads.busy ? (
          <Text size="sm" c="dimmed" role="status">
            {t('orders.form.waitForUploads')}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={send.isPending} disabled={uploads.busy} leftSection={<IconUpload size={18} aria-hidden />}>
            {t('orders.rescan.send')}
          </Button>
          {!order.waitingForScans ? (
            <Button variant="subtle" onClick={() => setOpen(false)} disabled={send.isPending}>
              {t('orders.actions.back')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** Once the included revisions are used: one more, at the price the service asked, through the payment page. */
export function BuyRevisionButton({ order }: { order: OrderDetail }) {
  const { t, money } = useI18n();
  if (order.extraRevisionPrice === null) return null;
  return (
    <Stack gap={4}>
      <Button component={Link} to={`/pay/revision/${encodeURIComponent(order.id)}`} variant="light" leftSection={<IconReceipt2 size={18} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
        {t('orders.extraRevision.buy')}
      </Button>
      <Text size="xs" c="dimmed" data-testid="extra-revision-price">
        {t('orders.extraRevision.price', { price: money(order.extraRevisionPrice, order.currency) })}
      </Text>
    </Stack>
  );
}
