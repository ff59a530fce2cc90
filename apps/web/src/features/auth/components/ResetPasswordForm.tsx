import { useState } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { resetPasswordSchema } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useResetPassword } from '../api/reset-password';

type Input = z.input<typeof resetPasswordSchema>;
type Values = z.output<typeof resetPasswordSchema>;

interface ResetPasswordFormProps {
  token: string;
  onSuccess: (message: string | undefined) => void;
}

export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    reset.mutate(values, {
      onSuccess: () => onSuccess(t('auth.reset.success')),
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['password', 'confirmPassword'])) {
          setFormError(failure(error, t('auth.reset.failed')));
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {formError ? (
          <FormMessage tone="error">
            {formError}{' '}
            <Anchor component={Link} to="/forgot-password" inherit fw={600}>
              {t('auth.reset.requestNew')}
            </Anchor>
          </FormMessage>
        ) : null}
        <input type="hidden" {...register('token')} />
        <PasswordField
          label={t('auth.reset.password')}
          autoComplete="new-password"
          error={message(errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          error={message(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth disabled={reset.isPending}>
          {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
