import { Radio, Stack } from '@mantine/core';
import type { TurnaroundTier } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import type { Service } from '@/lib/domain';

/**
 * The turnaround the buyer picks (docs/product.md §5.1): standard, and the rush or standby tier the service offers, each with
 * its days and its surcharge or discount. Nothing to pick for a service with the standard tier alone.
 */
export function TierPicker({ service, value, onChange, error }: { service: Pick<Service, 'deliveryTime' | 'turnaround'>; value: TurnaroundTier; onChange: (tier: TurnaroundTier) => void; error?: string }) {
  const { t } = useI18n();
  const { rush, standby } = service.turnaround;
  if (!rush && !standby) return null;
  return (
    <Radio.Group label={t('orders.tier.pick')} description={t('orders.tier.pickHint')} value={value} onChange={(next) => onChange(next as TurnaroundTier)} error={error} data-testid="tier-picker">
      <Stack gap="xs" mt="xs">
        {rush ? <Radio value="rush" label={t('orders.tier.rushOption', { count: rush.days, percent: rush.surchargePercent })} /> : null}
        <Radio value="standard" label={t('orders.tier.standardOption', { count: service.deliveryTime })} />
        {standby ? <Radio value="standby" label={t('orders.tier.standbyOption', { count: standby.days, percent: standby.discountPercent })} /> : null}
      </Stack>
    </Radio.Group>
  );
}
