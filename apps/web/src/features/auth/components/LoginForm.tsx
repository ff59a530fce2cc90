import { useState } from 'react';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { loginSchema, type LoginInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { isApiError } from '@/lib/api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useLogin } from '../api/login';
import type { CurrentUser } from '@/lib/domain';

type LoginValues = z.output<typeof loginSchema>;

export function LoginForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const login = useLogin();
  const [formError, setFormError] = useState<string>();
  // Past the account's cap the right password gets a mailed sign-in link (docs/decisions/0050): news, not an error.
  const [secondStep, setSecondStep] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    setSecondStep(false);
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (isApiError(error) && error.code === 'SECOND_STEP_REQUIRED') setSecondStep(true);
        else if (!applyFieldErrors(error, setError, ['email', 'password'])) {
          setFormError(failure(error, t('auth.login.failed')));
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {secondStep ? (
          <FormMessage tone="success">
            <strong>{t('auth.login.secondStep')}</strong> {t('codes.SECOND_STEP_REQUIRED')}
          </FormMessage>
        ) : null}
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          error={message(errors.email?.message)}
          {...register('email')}
        />
        <Stack gap={6}>
          <PasswordField
            label={t('auth.login.password')}
            autoComplete="current-password"
            error={message(errors.password?.message)}
            {...register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
