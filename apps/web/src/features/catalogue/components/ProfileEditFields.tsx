import { MultiSelect, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CAD_SOFTWARE, profileEditSchema, type ProfileEditInput } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useLabels } from '../lib/labels';

const validate = zodResolver(profileEditSchema);

/** Empty lists and blanks mean "unchanged" (a buyer has no specialization to keep); a blank website clears it. */
export const profileEditResolver: Resolver<ProfileEditInput, unknown, ProfileEditValues> = (values, context, options) => {
  const kept = Object.entries(values).filter(
    ([key, value]) => key === 'website' || (value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
  return validate(Object.fromEntries(kept) as ProfileEditInput, context, options);
};
export type ProfileEditValues = z.output<typeof profileEditSchema>;

interface ProfileEditFieldsProps {
  control: Control<ProfileEditInput, unknown, ProfileEditValues>;
  register: UseFormRegister<ProfileEditInput>;
  errors: FieldErrors<ProfileEditInput>;
}

/** The About tab in edit mode: the profile's text fields (pictures are edited on the header). */
export function ProfileEditFields({ control, register, errors }: ProfileEditFieldsProps) {
  const { t } = useI18n();
  const { message } = useMessages();
  const labels = useLabels();
  return (
    <Stack gap="md">
      <Textarea
        label={t('catalogue.designerForm.description')}
        autosize
        minRows={4}
        error={message(errors.description?.message)}
        {...register('description')}
      />
      <Controller
        control={control}
        name="experience"
        render={({ field }) => (
          <Select
            label={t('catalogue.designerForm.experience')}
            data={labels.experienceOptions}
            value={field.value ?? null}
            onChange={field.onChange}
            ref={field.ref}
            allowDeselect={false}
            error={message(errors.experience?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <MultiSelect
            label={t('catalogue.designerForm.role')}
            data={labels.specializationOptions}
            value={Array.isArray(field.value) ? field.value : []}
            onChange={field.onChange}
            ref={field.ref}
            error={message(errors.role?.message)}
          />
        )}
      />
      <TextInput label={t('catalogue.designerForm.website')} type="url" dir="ltr" error={message(errors.website?.message)} {...register('website')} />
      <Controller
        control={control}
        name="software"
        render={({ field }) => (
          <TagsInput
            label={t('catalogue.designerForm.software')}
            description={t('catalogue.designerForm.softwareHint')}
            data={[...CAD_SOFTWARE]}
            value={field.value ?? []}
            onChange={field.onChange}
            ref={field.ref}
            clearable
            error={message(errors.software?.message)}
          />
        )}
      />
    </Stack>
  );
}
