import { Anchor, Group, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';
import { pdfHref, useItemBilling } from '../api/billing';

/**
 * The receipt and credit notes of one order or course, as PDF links (docs/product.md §6.7), for its page. Shows nothing
 * until there is one (an unpaid order, a free course, a visitor).
 */
export function ItemDocuments({ itemId, enabled = true }: { itemId: string; enabled?: boolean }) {
  const { t, i18n } = useI18n();
  const billing = useItemBilling(itemId, enabled);
  const documents = billing.data?.documents ?? [];
  if (documents.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Group gap="sm" wrap="wrap" data-testid="item-documents" component="nav" aria-label={t('billing.itemDocuments')}>
      <Text size="sm" c="dimmed">
        {t('billing.itemDocuments')}
      </Text>
      {[...documents].reverse().map((doc) => (
        <Anchor key={doc.id} href={pdfHref(doc.pdfUrl, language)} target="_blank" rel="noopener" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconFileTypePdf size={16} aria-hidden />
            {t(doc.kind === 'receipt' ? 'billing.receiptLink' : 'billing.creditNoteLink', { number: doc.number })}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
