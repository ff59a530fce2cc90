import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';

interface BudgetFilterProps {
  min?: number;
  max?: number;
  onApply: (range: { min?: number; max?: number }) => void;
}

type Amount = number | string;
const toAmount = (value: Amount) => (value === '' ? undefined : Number(value));

/** Min and max price (major units of the platform currency) applied together with 'Apply'. */
export function BudgetFilter({ min, max, onApply }: BudgetFilterProps) {
  const { t, currencySymbol } = useI18n();
  const { currency } = usePlatformConfig();
  const symbol = currencySymbol(currency);
  const [draft, setDraft] = useState<{ min: Amount; max: Amount }>({ min: min ?? '', max: max ?? '' });
  const [synced, setSynced] = useState({ min, max });
  if (synced.min !== min || synced.max !== max) {
    setSynced({ min, max });
    setDraft({ min: min ?? '', max: max ?? '' });
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({ min: toAmount(draft.min), max: toAmount(draft.max) });
  };

  return (
    <form onSubmit={apply} aria-label={t('catalogue.gigs.budget')}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label={t('catalogue.gigs.min', { currency: symbol })}
          min={0}
          decimalScale={2}
          value={draft.min}
          onChange={(value) => setDraft((d) => ({ ...d, min: value }))}
          flex={1}
          miw={0}
        />
        <NumberInput
          label={t('catalogue.gigs.max', { currency: symbol })}
          min={0}
          decimalScale={2}
          value={draft.max}
          onChange={(value) => setDraft((d) => ({ ...d, max: value }))}
          flex={1}
          miw={0}
        />
        <Button type="submit" variant="light" style={{ flexShrink: 0 }}>
          {t('catalogue.gigs.apply')}
        </Button>
      </Group>
    </form>
  );
}
