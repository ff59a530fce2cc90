import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useForgotPassword } from '../api/forgot-password';

type Input = z.input<typeof forgotPasswordSchema>;
type Values = z.output<typeof forgotPasswordSchema>;

export function ForgotPasswordForm() {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  if (forgot.isSuccess) {
    return <FormMessage tone="success">{t('auth.forgot.sent')}</FormMessage>;
  }

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    forgot.mutate(values, {
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['email'])) setFormError(failure(error, t('auth.forgot.failed')));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextInput
          label={t('auth.forgot.email')}
          type="email"
          autoComplete="email"
          error={message(formState.errors.email?.message)}
          {...register('email')}
        />
        <Button type="submit" fullWidth disabled={forgot.isPending}>
          {forgot.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
