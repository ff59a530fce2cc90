import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { REVIEW_CHECKLIST, type ReviewChecklistItem } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';

/** What clinicians check on a design, in the order they usually look (docs/product.md §3.6); shared with the server. */
export const CHECKLIST = REVIEW_CHECKLIST;
export type ChecklistItem = ReviewChecklistItem;
export type ChecklistState = Partial<Record<ChecklistItem, { state: 'fine' | 'change'; note?: string }>>;

interface Props {
  value: ChecklistState;
  onChange: (value: ChecklistState) => void;
  /** Switches the viewer to placing a pin (the buyer only). */
  onPin?: () => void;
}

/**
 * The guided review: each item marked fine, or "change" with a note; the items marked "change" go with the revision
 * request by code, and pins can be placed for them. Plain form controls, so it works by keyboard and screen reader.
 */
export function ReviewChecklist({ value, onChange, onPin }: Props) {
  const { t } = useI18n();
  const set = (item: ChecklistItem, patch: Partial<{ state: 'fine' | 'change'; note: string }>) =>
    onChange({ ...value, [item]: { state: value[item]?.state ?? 'fine', ...value[item], ...patch } });
  const done = CHECKLIST.filter((item) => value[item]).length;
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('orders.review3d.checkedOf', { done, total: CHECKLIST.length })}
      </Text>
      {CHECKLIST.map((item) => {
        const entry = value[item];
        return (
          <Stack key={item} gap={4} data-testid={`check-${item}`}>
            <Text size="sm" fw={600} id={`check-${item}-label`}>
              {t(`orders.review3d.check.${item}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`orders.review3d.checkHint.${item}`)}
            </Text>
            <SegmentedControl
              size="xs"
              fullWidth
              aria-labelledby={`check-${item}-label`}
              value={entry?.state ?? ''}
              onChange={(state) => set(item, { state: state as 'fine' | 'change' })}
              data={[
                { value: 'fine', label: t('orders.review3d.fine') },
                { value: 'change', label: t('orders.review3d.needsChange') },
              ]}
            />
            {entry?.state === 'change' ? (
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  size="xs"
                  label={t('orders.review3d.changeNote', { item: t(`orders.review3d.check.${item}`) })}
                  value={entry.note ?? ''}
                  maxLength={300}
                  onChange={(e) => set(item, { note: e.currentTarget.value })}
                />
                {onPin ? (
                  <Button size="compact-xs" variant="light" onClick={onPin}>
                    {t('orders.review3d.addPin')}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
