import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { PAYOUT_DESTINATION_HOLD_HOURS, payoutDetailsInput, payoutRequestInput, type PayoutDetailsInput, type PayoutStatus } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import { PageShell } from '@/components/PageShell';
import { PasswordField } from '@/components/PasswordField';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import stacked from '@/components/StackedTable.module.css';
import { usePayoutDetails, usePayouts, useRequestPayout, useSavePayoutDetails } from '../api/payouts';
import type { PayoutDetails, Payouts } from '@/lib/domain';
import { fieldMessages } from '@/lib/form-errors';

type Errors = Record<string, string | undefined>;
const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]).reverse()) as Errors;

/** Badge colours with text dark enough for AA contrast on a striped row (as the orders' STATUS_COLOR). */
export const PAYOUT_STATUS_COLOR: Record<PayoutStatus, { color: string; c: string }> = {
  requested: { color: 'orange', c: '#7a2e00' },
  paid: { color: 'green', c: '#1b5226' },
  rejected: { color: 'red', c: '#8a1c1c' },
};

/** Available, reserved and paid out, side by side. */
function Figures({ data }: { data: Payouts }) {
  const { t, money } = useI18n();
  const figures = [
    { key: 'available', label: t('payouts.available'), value: data.available },
    { key: 'reserved', label: t('payouts.reserved'), value: data.reserved },
    { key: 'paidOut', label: t('payouts.paidOut'), value: data.paidOut },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {figures.map((f) => (
        <Paper key={f.key} withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text fz={26} fw={700} data-testid={`payouts-${f.key}`}>
            {money(f.value, data.currency)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The moment payouts to the saved details may start, in the reader's language; null when they are not held. */
function useHeldUntil(details: PayoutDetails | null | undefined): string | null {
  const { locale } = useI18n();
  return details?.holdUntil ? formatDate(details.holdUntil, locale, { dateStyle: 'medium', timeStyle: 'short' }) : null;
}

/**
 * Bank account (IBAN checked by its checksum) or, with Stripe as the provider, a Stripe Connect account; with the
 * current password, and payouts held for 72 hours after the destination changes (docs/decisions/0051).
 */
function DetailsForm() {
  const { t, number } = useI18n();
  const { message, failure } = useMessages();
  const details = usePayoutDetails();
  const save = useSavePayoutDetails();
  const [method, setMethod] = useState<'bank' | 'stripe'>('bank');
  const [fields, setFields] = useState({ accountHolder: '', iban: '', bankName: '', stripeAccount: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const set = (key: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [key]: event.currentTarget.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const body: PayoutDetailsInput =
      method === 'bank'
        ? { method, accountHolder: fields.accountHolder, iban: fields.iban, bankName: fields.bankName, password: fields.password }
        : { method, stripeAccount: fields.stripeAccount, password: fields.password };
    const parsed = payoutDetailsInput.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        setFields((current) => ({ ...current, password: '' }));
        notifySuccess(t('payouts.details.saved'));
      },
      onError: (error) => {
        const fieldErrors = fieldMessages(error);
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
        else setFormError(failure(error, t('payouts.failed')));
      },
    });
  };

  const saved = details.data;
  const heldUntil = useHeldUntil(saved);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="payout-details-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payout-details-title">
          {t('payouts.details.title')}
        </Title>
        {saved ? (
          <Text size="sm" data-testid="payout-details-saved">
            {saved.method === 'bank' ? t('payouts.details.savedBank', { holder: saved.accountHolder ?? '', bank: saved.bankName ?? '', iban: saved.iban ?? '' }) : t('payouts.details.savedStripe', { account: saved.stripeAccount ?? '' })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('payouts.details.none')}
          </Text>
        )}
        {heldUntil ? (
          <Alert variant="light" color="ocean" icon={<IconClockPause aria-hidden />} data-testid="payout-details-held">
            <Text size="sm" fw={600}>
              {t('payouts.details.held', { date: heldUntil })}
            </Text>
            <Text size="sm">{t('payouts.details.heldWhy', { hours: number(PAYOUT_DESTINATION_HOLD_HOURS) })}</Text>
          </Alert>
        ) : null}
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="payout-method">
                {t('payouts.details.method')}
              </Text>
              <SegmentedControl
                aria-labelledby="payout-method"
                value={method}
                onChange={(value) => setMethod(value as 'bank' | 'stripe')}
                data={[
                  { value: 'bank', label: t('payouts.details.bank') },
                  { value: 'stripe', label: t('payouts.details.stripe') },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              {errors.method ? <Text size="sm" c="red.8">{message(errors.method)}</Text> : null}
            </Stack>
            {method === 'bank' ? (
              <>
                <TextInput label={t('payouts.details.holder')} value={fields.accountHolder} onChange={set('accountHolder')} error={message(errors.accountHolder)} required autoComplete="name" />
                <TextInput label={t('payouts.details.iban')} description={t('payouts.details.ibanHint')} value={fields.iban} onChange={set('iban')} error={message(errors.iban)} required dir="ltr" data-digits />
                <TextInput label={t('payouts.details.bankName')} value={fields.bankName} onChange={set('bankName')} error={message(errors.bankName)} required />
              </>
            ) : (
              <TextInput label={t('payouts.details.stripeAccount')} value={fields.stripeAccount} onChange={set('stripeAccount')} error={message(errors.stripeAccount)} required dir="ltr" />
            )}
            <PasswordField
              label={t('payouts.details.password')}
              description={t('payouts.details.passwordHint')}
              value={fields.password}
              onChange={set('password')}
              error={message(errors.password)}
              required
              autoComplete="current-password"
            />
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('payouts.details.save')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

/** The amount's error when the server refuses it as below the minimum (PAYOUT_BELOW_MINIMUM): worded by the page. */
const BELOW_MINIMUM = 'PAYOUT_BELOW_MINIMUM';

function RequestForm({ data }: { data: Payouts }) {
  const { t, money, number } = useI18n();
  const { message, failure } = useMessages();
  const request = useRequestPayout();
  const heldUntil = useHeldUntil(usePayoutDetails().data);
  const [amount, setAmount] = useState<string | number>('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = payoutRequestInput.safeParse({ amount: amount === '' ? undefined : amount });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.amount, {
      onSuccess: () => {
        setAmount('');
        notifySuccess(t('payouts.requested'));
      },
      onError: (failed) => {
        // The server's sentence for the minimum has its figure in English; the code says the same in the reader's language.
        if (isApiError(failed) && failed.code === 'PAYOUT_BELOW_MINIMUM') setError(BELOW_MINIMUM);
        else setError(fieldMessages(failed).amount ?? failure(failed, t('payouts.failed')));
      },
    });
  };
  const errorText = error === BELOW_MINIMUM ? t('payouts.belowMinimum', { minimum: money(data.minimum, data.currency) }) : message(error);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="payout-request-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="payout-request-title">
            {t('payouts.request')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('payouts.requestHint', { minimum: money(data.minimum, data.currency) })}
          </Text>
          <NumberInput label={t('payouts.amount', { currency: data.currency })} min={0} max={data.available} decimalScale={2} value={amount} onChange={setAmount} error={errorText} required />
          {heldUntil ? (
            <Text size="sm" id="payout-held" data-testid="payout-request-held">
              {t('payouts.heldRequest', { date: heldUntil, hours: number(PAYOUT_DESTINATION_HOLD_HOURS) })}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={request.isPending} disabled={heldUntil !== null} aria-describedby={heldUntil ? 'payout-held' : undefined}>
              {t('payouts.withdraw')}
            </Button>
            <Button variant="subtle" onClick={() => setAmount(data.available)} disabled={data.available <= 0}>
              {t('payouts.all')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function History({ data }: { data: Payouts }) {
  const { t, money, locale } = useI18n();
  return (
    <Stack gap="sm" component="section" aria-labelledby="payout-history-title">
      <Title order={2} size="h4" id="payout-history-title">
        {t('payouts.history')}
      </Title>
      {data.payouts.length === 0 ? (
        <Text c="dimmed">{t('payouts.noPayouts')}</Text>
      ) : (
        <Table striped verticalSpacing="sm" className={stacked.table} data-testid="payouts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.date')}</Table.Th>
              <Table.Th>{t('payouts.amountColumn')}</Table.Th>
              <Table.Th>{t('payouts.destination')}</Table.Th>
              <Table.Th>{t('payouts.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.payouts.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td data-label={t('payouts.date')}>{formatDate(p.createdAt, locale)}</Table.Td>
                <Table.Td data-label={t('payouts.amountColumn')}>{money(p.amount, p.currency)}</Table.Td>
                <Table.Td data-label={t('payouts.destination')}>
                  <span dir="ltr">{p.destination}</span>
                </Table.Td>
                <Table.Td data-label={t('payouts.status')}>
                  <Stack gap={2} align="flex-start">
                    <Badge variant="light" color={PAYOUT_STATUS_COLOR[p.status].color} c={PAYOUT_STATUS_COLOR[p.status].c}>
                      {t(`payouts.statuses.${p.status}`)}
                    </Badge>
                    {p.reference ? <Text size="xs">{t('payouts.reference', { reference: p.reference })}</Text> : null}
                    {p.reason ? <Text size="xs">{p.reason}</Text> : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} size="h4">
        {t('payouts.lines')}
      </Title>
      {data.lines.length === 0 ? (
        <Text c="dimmed">{t('payouts.noLines')}</Text>
      ) : (
        <Table striped verticalSpacing="xs" className={stacked.table} data-testid="payout-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.date')}</Table.Th>
              <Table.Th>{t('payouts.movement')}</Table.Th>
              <Table.Th>{t('payouts.amountColumn')}</Table.Th>
              <Table.Th>{t('payouts.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line, i) => (
              <Table.Tr key={`${line.createdAt}-${i}`}>
                <Table.Td data-label={t('payouts.date')}>{formatDate(line.createdAt, locale)}</Table.Td>
                <Table.Td data-label={t('payouts.movement')}>{t(`payouts.kinds.${line.kind}` as 'payouts.kinds.release')}</Table.Td>
                <Table.Td data-label={t('payouts.amountColumn')}>{money(line.amount, data.currency)}</Table.Td>
                <Table.Td data-label={t('payouts.balance')}>{money(line.balance, data.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** `/payouts`: a designer withdraws their available money and follows their payouts (docs/product.md §6.6). */
export function PayoutsPage() {
  const { t } = useI18n();
  const payouts = usePayouts();
  return (
    <PageShell title={t('payouts.title')} size="lg">
      {payouts.isPending ? (
        <PageLoader />
      ) : payouts.isError ? (
        <FormMessage tone="error">{t('payouts.loadFailed')}</FormMessage>
      ) : (
        <Stack gap="xl">
          <Figures data={payouts.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <RequestForm data={payouts.data} />
            <DetailsForm />
          </SimpleGrid>
          <History data={payouts.data} />
        </Stack>
      )}
    </PageShell>
  );
}
