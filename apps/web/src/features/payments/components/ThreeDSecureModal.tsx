import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { FormMessage } from '@/components/FormMessage';
import { useI18n } from '@/lib/use-i18n';

interface ThreeDSecureModalProps {
  opened: boolean;
  amount: string;
  pending: 'approve' | 'decline' | null;
  error?: string;
  onAnswer: (approve: boolean) => void;
}

/**
 * The sandbox's 3-D Secure step: the card holder approves or declines the payment, as a bank's
 * page would ask. It closes only with an answer.
 */
export function ThreeDSecureModal({ opened, amount, pending, error, onAnswer }: ThreeDSecureModalProps) {
  const { t } = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('payments.threeDS.title')}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldLock size={28} aria-hidden color="var(--mantine-color-cusp-8)" style={{ flexShrink: 0 }} />
          <Text size="sm">{t('payments.threeDS.text', { amount })}</Text>
        </Group>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" onClick={() => onAnswer(false)} loading={pending === 'decline'} disabled={pending === 'approve'}>
            {t('payments.threeDS.decline')}
          </Button>
          <Button onClick={() => onAnswer(true)} loading={pending === 'approve'} disabled={pending === 'decline'}>
            {t('payments.threeDS.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
