import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeEmailSchema } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useChangeEmail } from '../api/change-email';
import { SettingsSection } from './SettingsSection';
import type { Account } from '@/lib/domain';

type Input = z.input<typeof changeEmailSchema>;
type Values = z.output<typeof changeEmailSchema>;
const EMPTY: Input = { email: '', password: '' };

/** Change the e-mail address: confirmed by a link sent to the new one; the old one is told. */
export function EmailSection({ account }: { account: Account }) {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const change = useChangeEmail();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const { register, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setOutcome(undefined);
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        setOutcome({ tone: 'success', text: t('settings.messages.emailChangeSent') });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['email', 'password'])) setOutcome({ tone: 'error', text: failure(error, t('settings.email.failed')) });
      },
    });
  });

  return (
    <SettingsSection id="email" title={t('settings.email.title')} description={t('settings.email.description')}>
      <Stack gap={4}>
        <Text size="sm">
          {t('settings.email.current')}{' '}
          <Text span fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Text>
        </Text>
        {account.pendingEmail ? (
          <Text size="sm" c="dimmed">
            {t('settings.email.pending')}{' '}
            <Text span fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
              {account.pendingEmail}
            </Text>
          </Text>
        ) : null}
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label={t('settings.email.title')}>
        <Stack gap="md" maw={420}>
          {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
          <TextInput
            label={t('settings.email.new')}
            type="email"
            dir="ltr"
            autoComplete="email"
            error={message(errors.email?.message)}
            {...register('email')}
          />
          <PasswordField
            label={t('settings.email.password')}
            autoComplete="current-password"
            error={message(errors.password?.message)}
            {...register('password')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('settings.email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
