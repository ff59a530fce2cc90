import { MultiSelect, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { CAD_SOFTWARE, type DesignerProfileInput } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useLabels } from '../lib/labels';

/** The five fields both designer forms share (completing the profile, editing it in place). */
type DesignerFieldName = 'role' | 'experience' | 'description' | 'website' | 'software';
type DesignerFieldValues = Partial<Pick<DesignerProfileInput, DesignerFieldName>>;

interface DesignerFieldsProps<T extends FieldValues & DesignerFieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  errors: FieldErrors<DesignerFieldValues>;
  /** `/designers/create` requires role, experience and description and shows placeholders. */
  completing?: boolean;
}

/**
 * Specialization, experience, bio, website and CAD software: one component for both forms, so the
 * labels, options and messages cannot drift apart.
 */
export function DesignerFields<T extends FieldValues & DesignerFieldValues, TOut extends FieldValues>({
  control,
  register,
  errors,
  completing = false,
}: DesignerFieldsProps<T, TOut>) {
  const { t } = useI18n();
  const { message } = useMessages();
  const labels = useLabels();
  // The shared names exist in both forms' values (the type parameter guarantees it).
  const name = (field: DesignerFieldName) => field as Path<T>;
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name={name('role')}
        render={({ field }) => (
          <MultiSelect
            label={t('catalogue.designerForm.role')}
            placeholder={completing ? t('catalogue.designerForm.rolePlaceholder') : undefined}
            data={labels.specializationOptions}
            value={Array.isArray(field.value) ? field.value : []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={message(errors.role?.message)}
            withAsterisk={completing}
          />
        )}
      />
      <Controller
        control={control}
        name={name('experience')}
        render={({ field }) => (
          <Select
            label={t('catalogue.designerForm.experience')}
            placeholder={completing ? t('catalogue.designerForm.experiencePlaceholder') : undefined}
            data={labels.experienceOptions}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            allowDeselect={false}
            error={message(errors.experience?.message)}
            withAsterisk={completing}
          />
        )}
      />
      <Textarea
        label={t('catalogue.designerForm.description')}
        placeholder={completing ? t('catalogue.designerForm.descriptionPlaceholder') : undefined}
        autosize
        minRows={4}
        withAsterisk={completing}
        error={message(errors.description?.message)}
        {...register(name('description'))}
      />
      <TextInput
        label={t('catalogue.designerForm.website')}
        description={t('catalogue.designerForm.websiteHint')}
        type="url"
        dir="ltr"
        error={message(errors.website?.message)}
        {...register(name('website'))}
      />
      <Controller
        control={control}
        name={name('software')}
        render={({ field }) => (
          <TagsInput
            label={t('catalogue.designerForm.software')}
            description={t('catalogue.designerForm.softwareHint')}
            data={[...CAD_SOFTWARE]}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            clearable
            error={message(errors.software?.message)}
          />
        )}
      />
    </Stack>
  );
}
