import { useState } from 'react';
import { Button, Flex, Group, List, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { deleteAccountSchema } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { applyFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './SettingsSection';

type Input = z.input<typeof deleteAccountSchema>;
type Values = z.output<typeof deleteAccountSchema>;

/** Delete the account, after a dialog that says what goes and what stays and asks for the password. */
export function DeleteAccountSection() {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    onDeleted: () => {
      notifySuccess(t('settings.messages.accountDeleted'));
      navigate('/', { replace: true });
    },
  });
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const close = () => {
    setOpen(false);
    setFormError(undefined);
    reset({ password: '' });
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    remove.mutate(values, {
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['password'])) setFormError(failure(error, t('settings.delete.failed')));
      },
    });
  });

  return (
    <SettingsSection id="delete" tone="danger" title={t('settings.delete.title')} description={t('settings.delete.description')}>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          {t('settings.delete.open')}
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title={t('settings.delete.dialogTitle')} centered size="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('settings.delete.goes')}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{t('settings.delete.goesPersonal')}</List.Item>
              <List.Item>{t('settings.delete.goesSessions')}</List.Item>
              <List.Item>{t('settings.delete.goesFiles')}</List.Item>
            </List>
            <Text size="sm">{t('settings.delete.stays')}</Text>
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            <PasswordField
              label={t('settings.delete.password')}
              autoComplete="current-password"
              data-autofocus
              error={message(formState.errors.password?.message)}
              {...register('password')}
            />
            {/* Side by side from small screens up; on a phone, one full-width button above the other. */}
            <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('settings.delete.cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {t('settings.delete.confirm')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
