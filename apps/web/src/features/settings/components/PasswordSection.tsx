import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordSchema } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './SettingsSection';

type Input = z.input<typeof changePasswordSchema>;
type Values = z.output<typeof changePasswordSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: Input = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change the password: the current one is asked for; the other sessions are signed out. */
export function PasswordSection() {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const change = useChangePassword();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const { register, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setOutcome(undefined);
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        setOutcome({ tone: 'success', text: t('settings.messages.passwordChanged') });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS)) setOutcome({ tone: 'error', text: failure(error, t('settings.password.failed')) });
      },
    });
  });

  return (
    <SettingsSection id="password" title={t('settings.password.title')} description={t('settings.password.description')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('settings.password.title')}>
        <Stack gap="md" maw={420}>
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <PasswordField
            label={t('settings.password.current')}
            autoComplete="current-password"
            error={message(errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
          <PasswordField
            label={t('settings.password.new')}
            description={t('settings.password.rules')}
            autoComplete="new-password"
            error={message(errors.newPassword?.message)}
            {...register('newPassword')}
          />
          <PasswordField
            label={t('settings.password.confirm')}
            autoComplete="new-password"
            error={message(errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('settings.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
