import { useId, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { isErrorCode, SANDBOX_CARDS, type CardInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { isApiError } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useOrderMessages } from '@/lib/order-messages';
import { useSandboxConfirm, useSandboxPay, type SandboxPayResult } from '../api/payments';
import { cardResolver, formatCardNumber, formatExpiry, type CardValues } from '../lib/card';
import { ThreeDSecureModal } from './ThreeDSecureModal';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;
const EMPTY: CardInput = { cardNumber: '', expiry: '', cvc: '', name: '' };

interface CardFormProps {
  paymentId: string;
  /** The formatted amount, for the Pay button and the bank's question. */
  amount: string;
  /** 'Payment for {title}' (docs/product.md §3.6). */
  description: string;
  onPaid: () => void;
  /** The payment was completed before (409): go on as after paying. */
  onAlreadyPaid: () => void;
}

/**
 * The sandbox provider's card form (docs/product.md §6.2): card number, expiry MM/YY, CVC and the name on the card,
 * checked with the shared schema before anything is sent; the three test cards are listed. A
 * declined card says so; a card that needs 3-D Secure opens the bank's question first.
 */
export function CardForm({ paymentId, amount, description, onPaid, onAlreadyPaid }: CardFormProps) {
  const { t } = useI18n();
  const { message, failure, ofCode } = useOrderMessages();
  const descriptionId = useId();
  const pay = useSandboxPay(paymentId);
  const confirm = useSandboxConfirm(paymentId);
  const [outcome, setOutcome] = useState<{ text: string; alreadyPaid?: boolean }>();
  const [threeDS, setThreeDS] = useState(false);
  const [threeDSError, setThreeDSError] = useState<string>();
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<CardInput, unknown, CardValues>({
    resolver: cardResolver,
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const declined = (result: SandboxPayResult) => ofCode(isErrorCode(result.code) ? result.code : 'PAYMENT_DECLINED');

  const onResult = (result: SandboxPayResult) => {
    if (result.status === 'paid') onPaid();
    else if (result.status === 'requires_action') {
      setThreeDSError(undefined);
      setThreeDS(true);
    } else setOutcome({ text: declined(result) });
  };

  const submit = handleSubmit((card) => {
    setOutcome(undefined);
    pay.mutate(card, {
      onSuccess: onResult,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          setOutcome({ text: failure(error, ofCode('PAYMENT_ALREADY_DONE')), alreadyPaid: true });
          return;
        }
        if (!applyFieldErrors(error, setError, FIELDS)) setOutcome({ text: failure(error, t('payments.form.failed')) });
      },
    });
  });

  const answer = (approve: boolean) => {
    setThreeDSError(undefined);
    confirm.mutate(approve, {
      onSuccess: (result) => {
        if (result.status === 'requires_action') return;
        setThreeDS(false);
        onResult(result.status === 'paid' ? result : { status: 'failed', message: result.message, code: result.code });
      },
      onError: (error) => setThreeDSError(failure(error, t('payments.form.failed'))),
    });
  };

  const busy = pay.isPending || confirm.isPending;

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} aria-describedby={descriptionId}>
        <Stack gap="md">
          <Text id={descriptionId} fw={600}>
            {description}
          </Text>
          {outcome ? (
            <FormMessage tone="error">
              <Stack gap="xs">
                <span>{outcome.text}</span>
                {outcome.alreadyPaid ? (
                  <Button size="xs" variant="white" onClick={onAlreadyPaid} style={{ alignSelf: 'flex-start' }}>
                    {t('payments.form.continue')}
                  </Button>
                ) : null}
              </Stack>
            </FormMessage>
          ) : null}
          <Controller
            control={control}
            name="cardNumber"
            render={({ field }) => (
              <TextInput
                label={t('payments.form.cardNumber')}
                placeholder="1234 5678 9012 3456"
                inputMode="numeric"
                autoComplete="cc-number"
                dir="ltr"
                maxLength={23}
                error={message(errors.cardNumber?.message)}
                {...field}
                onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
              />
            )}
          />
          <SimpleGrid cols={2} spacing="md">
            <Controller
              control={control}
              name="expiry"
              render={({ field }) => (
                <TextInput
                  label={t('payments.form.expiry')}
                  placeholder={t('payments.form.expiryPlaceholder')}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  dir="ltr"
                  maxLength={5}
                  error={message(errors.expiry?.message)}
                  {...field}
                  onChange={(event) => field.onChange(formatExpiry(event.currentTarget.value, field.value))}
                />
              )}
            />
            <TextInput
              label={t('payments.form.cvc')}
              placeholder="123"
              inputMode="numeric"
              autoComplete="cc-csc"
              dir="ltr"
              maxLength={4}
              error={message(errors.cvc?.message)}
              {...register('cvc')}
            />
          </SimpleGrid>
          <TextInput
            label={t('payments.form.name')}
            autoComplete="cc-name"
            maxLength={100}
            error={message(errors.name?.message)}
            {...register('name')}
          />
          <Button type="submit" size="md" loading={busy} leftSection={<IconLock size={18} aria-hidden />}>
            {t('payments.form.pay', { amount })}
          </Button>
        </Stack>
      </form>

      <Paper withBorder radius="md" p="sm" bg="gray.0" mt="md" component="section" aria-labelledby={`${descriptionId}-cards`}>
        <Stack gap={6}>
          <Text fw={600} size="sm" id={`${descriptionId}-cards`}>
            {t('payments.sandbox.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('payments.sandbox.hint')}
          </Text>
          {/* One card a row: the number and its button on a line, what it does beneath. A table of three
              columns was wider than a phone's box (the number cannot wrap). */}
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {(
              [
                ['paid', SANDBOX_CARDS.paid],
                ['declined', SANDBOX_CARDS.declined],
                ['threeDSecure', SANDBOX_CARDS.threeDSecure],
              ] as const
            ).map(([kind, number]) => (
              <Group component="li" key={kind} gap="xs" wrap="nowrap" justify="space-between" align="center">
                <Stack gap={0} miw={0}>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    <span dir="ltr">{formatCardNumber(number)}</span>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`payments.sandbox.${kind}`)}
                  </Text>
                </Stack>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={t('payments.sandbox.useFor', { number: formatCardNumber(number) })}
                  onClick={() => setValue('cardNumber', formatCardNumber(number), { shouldValidate: formState.isSubmitted })}
                  style={{ flexShrink: 0 }}
                >
                  {t('payments.sandbox.use')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Paper>

      <ThreeDSecureModal
        opened={threeDS}
        amount={amount}
        pending={confirm.isPending ? (confirm.variables ? 'approve' : 'decline') : null}
        error={threeDSError}
        onAnswer={answer}
      />
    </>
  );
}
