import { Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { RUSH_SURCHARGE_MAX, STANDBY_DISCOUNT_MAX, TIER_DAYS_MAX, type serviceCreateSchema, type ServiceCreateInput } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';

type Values = z.output<typeof serviceCreateSchema>;

const toNumberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/**
 * The service's turnaround tiers and extra revision price (issue 18, docs/decisions/0041): a rush tier (fewer days,
 * a surcharge) and a standby tier (more days, a discount), each offered when ticked; the price of one revision
 * beyond the included ones, none when empty. The shared schema checks the days against the delivery time.
 */
export function TurnaroundFields({ control, errors, currency }: { control: Control<ServiceCreateInput, unknown, Values>; errors: FieldErrors<ServiceCreateInput>; currency: string }) {
  const { t } = useI18n();
  const { message } = useMessages();
  // New tiers start a day faster and a week slower than the standard delivery time as typed.
  const deliveryTime = Number(useWatch({ control, name: 'deliveryTime' })) || 1;
  const tierErrors = errors.turnaround as
    | { rush?: { days?: { message?: string }; surchargePercent?: { message?: string } }; standby?: { days?: { message?: string }; discountPercent?: { message?: string } } }
    | undefined;
  return (
    <Fieldset legend={t('catalogue.turnaround.legend')} variant="filled" radius="md">
      <Stack gap="md">
        <Controller
          control={control}
          name="turnaround.rush"
          render={({ field }) => {
            const rush = field.value ?? null;
            return (
              <Stack gap="xs">
                <Checkbox
                  label={t('catalogue.turnaround.rush')}
                  description={t('catalogue.turnaround.rushHint')}
                  checked={rush !== null}
                  onChange={(event) => field.onChange(event.currentTarget.checked ? { days: Math.max(1, deliveryTime - 1), surchargePercent: 30 } : null)}
                />
                {rush ? (
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <NumberInput
                      label={t('catalogue.turnaround.days')}
                      allowDecimal={false}
                      min={1}
                      max={TIER_DAYS_MAX}
                      value={rush.days as number | string}
                      onChange={(value) => field.onChange({ ...rush, days: value })}
                      error={message(tierErrors?.rush?.days?.message)}
                    />
                    <NumberInput
                      label={t('catalogue.turnaround.surcharge')}
                      allowDecimal={false}
                      min={1}
                      max={RUSH_SURCHARGE_MAX}
                      suffix="%"
                      value={rush.surchargePercent as number | string}
                      onChange={(value) => field.onChange({ ...rush, surchargePercent: value })}
                      error={message(tierErrors?.rush?.surchargePercent?.message)}
                    />
                  </SimpleGrid>
                ) : null}
              </Stack>
            );
          }}
        />
        <Controller
          control={control}
          name="turnaround.standby"
          render={({ field }) => {
            const standby = field.value ?? null;
            return (
              <Stack gap="xs">
                <Checkbox
                  label={t('catalogue.turnaround.standby')}
                  description={t('catalogue.turnaround.standbyHint')}
                  checked={standby !== null}
                  onChange={(event) => field.onChange(event.currentTarget.checked ? { days: deliveryTime + 7, discountPercent: 10 } : null)}
                />
                {standby ? (
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <NumberInput
                      label={t('catalogue.turnaround.days')}
                      allowDecimal={false}
                      min={1}
                      max={TIER_DAYS_MAX}
                      value={standby.days as number | string}
                      onChange={(value) => field.onChange({ ...standby, days: value })}
                      error={message(tierErrors?.standby?.days?.message)}
                    />
                    <NumberInput
                      label={t('catalogue.turnaround.discount')}
                      allowDecimal={false}
                      min={1}
                      max={STANDBY_DISCOUNT_MAX}
                      suffix="%"
                      value={standby.discountPercent as number | string}
                      onChange={(value) => field.onChange({ ...standby, discountPercent: value })}
                      error={message(tierErrors?.standby?.discountPercent?.message)}
                    />
                  </SimpleGrid>
                ) : null}
              </Stack>
            );
          }}
        />
        <Group grow>
          <Controller
            control={control}
            name="extraRevisionPrice"
            render={({ field }) => (
              <NumberInput
                label={t('catalogue.turnaround.extraRevisionPrice', { currency })}
                description={t('catalogue.turnaround.extraRevisionPriceHint')}
                decimalScale={2}
                min={0}
                value={(field.value as number | null | undefined) ?? ''}
                onChange={(value) => field.onChange(toNumberOrNull(value))}
                onBlur={field.onBlur}
                ref={field.ref}
                error={message(errors.extraRevisionPrice?.message)}
              />
            )}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}
