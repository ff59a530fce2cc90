import { useState } from 'react';
import { Anchor, Button, Flex, Group, List, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { deleteAccountSchema } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { isApiError } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { moneyToWithdraw, useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './SettingsSection';

type Input = z.input<typeof deleteAccountSchema>;
type Values = z.output<typeof deleteAccountSchema>;

/** The sentence naming the money still to withdraw (docs/decisions/0051), in the reader's language and format. */
async function moneySentence(t: ReturnType<typeof useI18n>['t'], money: ReturnType<typeof useI18n>['money']): Promise<string | null> {
  const balance = await moneyToWithdraw().catch(() => null);
  if (!balance || (balance.available <= 0 && balance.reserved <= 0)) return null;
  const available = money(balance.available, balance.currency);
  const pending = money(balance.reserved, balance.currency);
  if (balance.available > 0 && balance.reserved > 0) return t('settings.delete.moneyBoth', { available, pending });
  return balance.available > 0 ? t('settings.delete.moneyAvailable', { available }) : t('settings.delete.moneyPending', { pending });
}

/** Delete the account, after a dialog that says what goes and what stays and asks for the password. */
export function DeleteAccountSection() {
  const { t, money } = useI18n();
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
  // The refusal for money still to withdraw comes with the ways out: the payouts page and support.
  const [moneyLeft, setMoneyLeft] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const close = () => {
    setOpen(false);
    setFormError(undefined);
    setMoneyLeft(false);
    reset({ password: '' });
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    setMoneyLeft(false);
    remove.mutate(values, {
      onError: (error) => {
        if (applyFieldErrors(error, setError, ['password'])) return;
        setFormError(failure(error, t('settings.delete.failed')));
        if (isApiError(error) && error.code === 'ACCOUNT_MONEY_TO_WITHDRAW') {
          setMoneyLeft(true);
          void moneySentence(t, money).then((sentence) => {
            if (sentence) setFormError(sentence);
          });
        }
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
            {formError ? (
              <FormMessage tone="error">
                <Text size="sm" data-testid="delete-refused">
                  {formError}
                </Text>
                {moneyLeft ? (
                  <Group gap="md" mt={6}>
                    <Anchor component={Link} to="/payouts" size="sm">
                      {t('settings.delete.toPayouts')}
                    </Anchor>
                    <Anchor component={Link} to="/support" size="sm">
                      {t('settings.delete.toSupport')}
                    </Anchor>
                  </Group>
                ) : null}
              </FormMessage>
            ) : null}
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
