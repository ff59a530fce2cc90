import { useId, useState } from 'react';
import { Button, FileInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registerSchema,
  type RegisterInput,
} from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { PasswordField } from '@/components/PasswordField';
import { isApiError } from '@/lib/api';
import { applyFieldErrors, fieldMessages } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useRegister } from '../api/register';

type RegisterValues = z.output<typeof registerSchema>;
const FIELDS = ['username', 'email', 'password', 'confirmPassword', 'phone'] as const;
const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t, number } = useI18n();
  const { message, failure } = useMessages();
  const registration = useRegister();
  const [formError, setFormError] = useState<string>();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string>();
  const pictureId = useId();
  const { register, handleSubmit, setError, formState } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', phone: '' },
  });
  const { errors } = formState;

  /** Only images are kept; anything else is refused on the spot with a clear message. */
  const choosePicture = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setPicture(null);
      setPictureError(t('auth.register.pictureNotImage'));
    } else if (file && file.size > IMAGE_MAX_BYTES) {
      setPicture(null);
      setPictureError(t('auth.register.pictureTooLarge', { size: number(IMAGE_MAX_MB) }));
    } else {
      setPicture(file);
      setPictureError(undefined);
    }
  };

  const onSubmit = handleSubmit(({ username, email, password, confirmPassword, phone }) => {
    setFormError(undefined);
    if (pictureError) {
      document.getElementById(pictureId)?.focus(); // a refused picture must be replaced or removed first
      return;
    }
    registration.mutate(
      { username, email, password, confirmPassword, phone, picture },
      {
        onSuccess,
        onError: (error) => {
          const onFields = applyFieldErrors(error, setError, FIELDS);
          const pictureMessage = fieldMessages(error).picture;
          if (pictureMessage) {
            setPictureError(message(pictureMessage));
          } else if (isApiError(error) && error.status === 415) {
            setPictureError(failure(error, t('auth.register.pictureNotImage')));
          } else if (!onFields) {
            setFormError(failure(error, t('auth.register.failed')));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextInput
          label={t('auth.register.username')}
          autoComplete="username"
          error={message(errors.username?.message)}
          {...register('username')}
        />
        <TextInput
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          error={message(errors.email?.message)}
          {...register('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordField
            label={t('auth.register.password')}
            description={t('auth.register.passwordHint', {
              min: number(PASSWORD_MIN_LENGTH),
              max: number(PASSWORD_MAX_LENGTH),
            })}
            autoComplete="new-password"
            error={message(errors.password?.message)}
            {...register('password')}
          />
          <PasswordField
            label={t('auth.register.confirmPassword')}
            autoComplete="new-password"
            error={message(errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
        </SimpleGrid>
        <TextInput
          label={t('auth.register.phone')}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          error={message(errors.phone?.message)}
          {...register('phone')}
        />
        <FileInput
          id={pictureId}
          label={t('auth.register.picture')}
          description={t('auth.register.pictureHint', { size: number(IMAGE_MAX_MB) })}
          placeholder={t('auth.register.picturePlaceholder')}
          accept="image/*"
          leftSection={<IconPhoto size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('auth.register.removePicture') }}
          value={picture}
          onChange={choosePicture}
          error={pictureError}
          fileInputProps={{ 'aria-label': t('auth.register.picture') }}
        />
        <Button type="submit" fullWidth disabled={registration.isPending}>
          {registration.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
