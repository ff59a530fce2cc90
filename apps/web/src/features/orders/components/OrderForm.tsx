import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  ORDER_MAX_ARCHES,
  ORDER_MAX_UNITS,
  ORDER_MESSAGES,
  ORDER_REQUIREMENTS_MAX,
  serviceIntentInput,
  type ServiceJson,
} from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { isApiError } from '@/lib/api';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';
import { useCreateIntent } from '@/features/payments';
import { useCaseFileUploads } from '../api/order-files';
import { useOrderMessages } from '@/lib/order-messages';
import { CaseFilesField } from './CaseFilesField';
import { archesOf, ToothChart } from './ToothChart';

type Field = 'quantity' | 'teeth' | 'requirements' | 'attachments';
type Errors = Partial<Record<Field, string>>;

export type OrderFormService = Pick<ServiceJson, '_id' | 'title' | 'toothPrice' | 'unitOrArch'>;

/**
 * "Order Service" (docs/product.md §5.1): how many units or arches, which teeth (FDI), the requirements and the case
 * files; a preview of the total; then POST /api/payments/intents and on to the payment page. The
 * shared schema checks the input first, so the messages are the server's.
 */
export function OrderForm({ service, onCancel }: { service: OrderFormService; onCancel: () => void }) {
  const { t, money, number } = useI18n();
  const { message, failure } = useOrderMessages();
  const { currency } = usePlatformConfig();
  const navigate = useNavigate();
  const create = useCreateIntent();
  const uploads = useCaseFileUploads();
  const perArch = service.unitOrArch === 'arch';
  const max = perArch ? ORDER_MAX_ARCHES : ORDER_MAX_UNITS;

  const [quantity, setQuantity] = useState<number | string>(1);
  const [teeth, setTeeth] = useState<number[]>([]);
  const [requirements, setRequirements] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const teethSetQuantity = !perArch && teeth.length > 0;

  const chooseTeeth = (next: number[]) => {
    setTeeth(next);
    setErrors((e) => ({ ...e, teeth: undefined, quantity: undefined }));
    // For a service priced per unit, each chosen tooth is one unit.
    if (!perArch && next.length > 0) setQuantity(next.length);
  };

  const validQuantity = typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= max;
  const total = validQuantity ? quantity * service.toothPrice : null;

  const validate = (): Errors | null => {
    const parsed = serviceIntentInput.safeParse({
      type: 'service',
      id: service._id,
      quantity: quantity === '' ? undefined : quantity,
      teeth,
      requirements,
      attachments: uploads.ids,
    });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (['quantity', 'teeth', 'requirements', 'attachments'].includes(field) && !found[field]) found[field] = issue.message;
      }
    }
    if (!found.quantity && typeof quantity === 'number' && quantity > max) found.quantity = ORDER_MESSAGES.tooMany;
    if (!found.teeth && perArch && validQuantity && archesOf(teeth) > quantity) {
      found.teeth = t('orders.form.teethOnBothArches');
    }
    return Object.keys(found).length > 0 ? found : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validate();
    setErrors(found ?? {});
    if (found || uploads.busy) return;
    create.mutate(
      { type: 'service', id: service._id, quantity: Number(quantity), teeth, requirements: requirements.trim(), attachments: uploads.ids },
      {
        onSuccess: (intent) => {
          void navigate(`/pay/service/${encodeURIComponent(service._id)}?payment=${encodeURIComponent(intent._id)}`);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          const fromServer: Errors = {};
          for (const field of ['quantity', 'teeth', 'requirements', 'attachments'] as const) {
            if (fields[field]) fromServer[field] = fields[field];
          }
          if (Object.keys(fromServer).length > 0) setErrors(fromServer);
          else setFormError(failure(error, t('orders.form.failed')));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <NumberInput
          label={perArch ? t('orders.form.arches') : t('orders.form.units')}
          description={
            teethSetQuantity
              ? t('orders.form.quantityFromTeeth')
              : perArch
                ? t('orders.form.archesHint', { max: number(ORDER_MAX_ARCHES) })
                : t('orders.form.unitsHint', { max: number(ORDER_MAX_UNITS) })
          }
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            setErrors((e) => ({ ...e, quantity: undefined }));
          }}
          min={1}
          max={max}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          readOnly={teethSetQuantity}
          error={message(errors.quantity)}
          w={{ base: '100%', xs: 320 }}
          data-autofocus
        />
        <ToothChart
          label={t('orders.teeth.label')}
          description={perArch ? t('orders.teeth.hintArch') : t('orders.teeth.hintUnit')}
          value={teeth}
          onChange={chooseTeeth}
          error={message(errors.teeth)}
        />
        <Textarea
          label={t('orders.form.requirements')}
          description={t('orders.form.requirementsHint')}
          placeholder={t('orders.form.requirementsPlaceholder')}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={ORDER_REQUIREMENTS_MAX}
          value={requirements}
          onChange={(event) => {
            setRequirements(event.currentTarget.value);
            setErrors((e) => ({ ...e, requirements: undefined }));
          }}
          error={message(errors.requirements)}
        />
        <CaseFilesField
          label={t('orders.form.files')}
          items={uploads.items}
          onAdd={uploads.add}
          onRemove={uploads.remove}
          error={message(errors.attachments)}
          disabled={create.isPending}
        />
        <Divider />
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text c="dimmed" size="sm">
              {perArch ? t('orders.form.pricePerArch') : t('orders.form.pricePerUnit')}
            </Text>
            <Text size="sm">{money(service.toothPrice, currency)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" aria-live="polite">
            <Text fw={700}>{t('orders.form.total')}</Text>
            <Text fw={700} data-testid="order-total">
              {total === null
                ? '—'
                : t('orders.form.totalValue', { quantity: number(Number(quantity)), price: money(service.toothPrice, currency), total: money(total, currency) })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('orders.form.totalNote')}
          </Text>
        </Stack>
        {uploads.busy ? (
          <Text size="sm" c="dimmed" role="status">
            {t('orders.form.waitForUploads')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('orders.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={uploads.busy}>
            {t('orders.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
