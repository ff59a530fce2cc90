import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useI18n } from '@/lib/use-i18n';
import { OrderForm, type OrderFormService } from './OrderForm';

/** The order form in a dialog: full screen on a phone, wide on a desktop. */
export function OrderServiceModal({ service, opened, onClose }: { service: OrderFormService; opened: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <>
          <Text component="span" fw={700} size="lg" display="block">
            {t('orders.form.title')}
          </Text>
          <Text component="span" size="sm" c="dimmed" display="block">
            {service.title}
          </Text>
        </>
      }
      size={880}
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={false}
    >
      <OrderForm service={service} onCancel={onClose} />
    </Modal>
  );
}
