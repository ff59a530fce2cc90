import { Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { RUSH_SURCHARGE_MAX, STANDBY_DISCOUNT_MAX, TIER_DAYS_MAX, type serviceCreateSchema, type ServiceCreateInput } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';

type Values = z.output<typeof serviceCreateSchema>;

const toNumberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/** Each tier's percentage field: its key, its bound and its label. */
const TIER_PERCENT = {
  rush: { key: 'surchargePercent', max: RUSH_SURCHARGE_MAX, label: 'catalogue.turnaround.surcharge' },
  standby: { key: 'discountPercent', max: STANDBY_DISCOUNT_MAX, label: 'catalogue.turnaround.discount' },
} as const;

type TierErrors = Partial<Record<'days' | 'surchargePercent' | 'discountPercent', { message?: string }>>;

/** One tier: offered when ticked (starting from `initial`), then its days and its percentage. */
function TierField({ control, tier, errors, initial }: { control: Control<ServiceCreateInput, unknown, Values>; tier: 'rush' | 'standby'; errors: TierErrors | undefined; initial: Record<string, number> }) {
  const { t } = useI18n();
  const { message } = useMessages();
  const percent = TIER_PERCENT[tier];
  return (
    <Controller
      control={control}
      name={`turnaround.${tier}`}
      render={({ field }) => {
        const value = (field.value ?? null) as Record<string, unknown> | null;
        return (
          <Stack gap="xs">
            <Checkbox
              label={t(`catalogue.turnaround.${tier}`)}
              description={t(`catalogue.turnaround.${tier}Hint`)}
              checked={value !== null}
              onChange={(event) => field.onChange(event.currentTarget.checked ? initial : null)}
            />
            {value ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NumberInput
                  label={t(`catalogue.turnaround.${tier}Days`)}
                  allowDecimal={false}
                  min={1}
                  max={TIER_DAYS_MAX}
                  value={value.days as number | string}
                  onChange={(days) => field.onChange({ ...value, days })}
                  error={message(errors?.days?.message)}
                />
                <NumberInput
                  label={t(percent.label)}
                  allowDecimal={false}
                  min={1}
                  max={percent.max}
                  suffix="%"
                  value={value[percent.key] as number | string}
                  onChange={(n) => field.onChange({ ...value, [percent.key]: n })}
                  error={message(errors?.[percent.key]?.message)}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}

/**
 * The service's turnaround tiers and extra revision price (docs/decisions/0041): a rush tier (fewer days,
 * a surcharge) and a standby tier (more days, a discount), each offered when ticked; the price of one revision
 * beyond the included ones, none when empty. The shared schema checks the days against the delivery time.
 */
export function TurnaroundFields({ control, errors, currency }: { control: Control<ServiceCreateInput, unknown, Values>; errors: FieldErrors<ServiceCreateInput>; currency: string }) {
  const { t } = useI18n();
  const { message } = useMessages();
  // New tiers start a day faster and a week slower than the standard delivery time as typed.
  const deliveryTime = Number(useWatch({ control, name: 'deliveryTime' })) || 1;
  const tierErrors = errors.turnaround as { rush?: TierErrors; standby?: TierErrors } | undefined;
  return (
    <Fieldset legend={t('catalogue.turnaround.legend')} variant="filled" radius="md">
      <Stack gap="md">
        <TierField control={control} tier="rush" errors={tierErrors?.rush} initial={{ days: Math.max(1, deliveryTime - 1), surchargePercent: 30 }} />
        <TierField control={control} tier="standby" errors={tierErrors?.standby} initial={{ days: deliveryTime + 7, discountPercent: 10 }} />
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
