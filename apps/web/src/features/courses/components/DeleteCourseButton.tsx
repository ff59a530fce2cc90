import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useDeleteCourse } from '../api/courses';
import { useCourseMessages } from '../lib/messages';

/** The creator's Delete, after a confirmation. A course with learners is kept (409), and the dialog says why. */
export function DeleteCourseButton({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const { failure } = useCourseMessages();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const deletion = useDeleteCourse();

  const confirm = () =>
    deletion.mutate(id, {
      onSuccess: () => {
        close();
        notifySuccess(t('courses.detail.deleted'));
        void navigate('/my-courses', { replace: true });
      },
    });

  const dismiss = () => {
    deletion.reset();
    close();
  };

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={open}>
        {t('courses.detail.delete')}
      </Button>
      <Modal opened={opened} onClose={dismiss} title={t('courses.detail.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text>{t('courses.detail.deleteText', { title })}</Text>
        {deletion.isError ? (
          <FormMessage tone="error">{failure(deletion.error, t('courses.detail.deleteFailed'))}</FormMessage>
        ) : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={dismiss}>
            {t('courses.detail.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={deletion.isPending} disabled={deletion.isError}>
            {t('courses.detail.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
