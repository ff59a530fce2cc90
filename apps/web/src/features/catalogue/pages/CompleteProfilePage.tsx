import { useState } from 'react';
import { Alert, Button, Paper, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { designerProfileSchema, type DesignerProfileInput } from '@cusp/shared';
import { useMe } from '@/features/auth';
import { FormMessage } from '@/components/FormMessage';
import { PageShell } from '@/components/PageShell';
import { applyFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useCompleteProfile } from '../api/profile';
import { DesignerFields } from '../components/DesignerFields';
import { ImageField } from '../components/ImageField';
import { isSpecializationList } from '../lib/labels';

type Values = z.output<typeof designerProfileSchema>;
const FIELDS = ['role', 'experience', 'description', 'website', 'wallpaper', 'software'] as const;

/** Where /services/create sends a user who is not a designer yet (docs/product.md §7.7). */
export interface CompleteProfileState {
  designersOnly?: boolean;
}

/** `/designers/create`: completing it makes the user a designer (docs/product.md §4.5), then shows their profile. */
export function CompleteProfilePage() {
  const { t } = useI18n();
  const { message, failure } = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useMe();
  const completion = useCompleteProfile();
  const [formError, setFormError] = useState<string>();
  const notice = (location.state as CompleteProfileState | null)?.designersOnly;

  const { register, control, handleSubmit, setError, formState } = useForm<DesignerProfileInput, unknown, Values>({
    resolver: zodResolver(designerProfileSchema),
    defaultValues: {
      role: isSpecializationList(user?.tags) ? user.tags : [],
      experience: (user?.experience ?? undefined) as DesignerProfileInput['experience'],
      description: user?.description ?? '',
      website: user?.website ?? '',
      wallpaper: user?.wallpaper ?? null,
      software: user?.software ?? [],
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    completion.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('catalogue.designerForm.success'));
        void navigate('/profile');
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS)) setFormError(failure(error, t('catalogue.designerForm.failed')));
      },
    });
  });

  return (
    <PageShell title={t('catalogue.designerForm.title')} description={t('catalogue.designerForm.subtitle')} size="sm">
      {notice ? (
        <Alert role="status" variant="light" color="ocean" icon={<IconInfoCircle aria-hidden />}>
          {t('catalogue.wizard.designersOnly')}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
            <DesignerFields control={control} register={register} errors={errors} completing />
            <Controller
              control={control}
              name="wallpaper"
              render={({ field }) => (
                <ImageField
                  label={t('catalogue.designerForm.wallpaper')}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={message(errors.wallpaper?.message)}
                />
              )}
            />
            <Button type="submit" size="md" disabled={completion.isPending}>
              {completion.isPending ? t('catalogue.designerForm.submitting') : t('catalogue.designerForm.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </PageShell>
  );
}
