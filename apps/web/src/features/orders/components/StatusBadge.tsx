import { Badge } from '@mantine/core';
import { useI18n } from '@/lib/use-i18n';
import { STATUS_COLOR } from '../lib/format';
import type { OrderStatus } from '@/lib/domain';

/** An order's status in words, in a tinted badge with dark text (AA contrast). */
export function StatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useI18n();
  const { color, text } = STATUS_COLOR[status];
  return (
    <Badge variant="light" color={color} c={text} size={size} style={{ whiteSpace: 'nowrap', minWidth: 'max-content' }}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
