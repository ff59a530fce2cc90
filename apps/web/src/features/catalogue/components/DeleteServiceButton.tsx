import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useDeleteService } from '../api/services';

/** The owner's Delete, after a confirmation; then back to the owner's profile. */
export function DeleteServiceButton({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const { failure } = useMessages();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const deletion = useDeleteService();

  const confirm = () =>
    deletion.mutate(id, {
      onSuccess: () => {
        close();
        notifySuccess(t('catalogue.detail.deleted'));
        void navigate('/profile', { replace: true });
      },
      onError: (error) => notifyError(failure(error, t('catalogue.detail.deleteFailed'))),
    });

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={open}>
        {t('catalogue.detail.delete')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('catalogue.detail.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text>{t('catalogue.detail.deleteText', { title })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t('catalogue.detail.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={deletion.isPending}>
            {t('catalogue.detail.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
