import { useState, type ReactNode } from 'react';
import { Button, Chip, Fieldset, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Stepper, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_CAPABILITIES, serviceCreateSchema, type ServiceCreateInput } from '@cusp/shared';
import { FormMessage } from '@/components/FormMessage';
import { usePlatformConfig } from '@/lib/config';
import { applyFieldErrors } from '@/lib/form-errors';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useLabels } from '../lib/labels';
import { CapabilitiesFields } from './CapabilitiesFields';
import { ImageField } from './ImageField';
import { ImageListField } from './ImageListField';
import { TurnaroundFields } from './TurnaroundFields';
import type { Service } from '@/lib/domain';

type Values = z.output<typeof serviceCreateSchema>;
const DETAIL_FIELDS = [
  'title',
  'description',
  'toothPrice',
  'unitOrArch',
  'crownPrice',
  'deliveryTime',
  'revisions',
  'cover',
  'images',
  'restorations',
  'materials',
  'software',
  'outputFormats',
  'turnaround.rush.days',
  'turnaround.rush.surchargePercent',
  'turnaround.standby.days',
  'turnaround.standby.discountPercent',
  'extraRevisionPrice',
] as const;
export const MAX_EXTRA_IMAGES = 8;

/**
 * The defaults of docs/product.md §7.1: price 1, type unit, delivery 1 day, 1 revision; what it designs starts
 * as the server's own default (crown in monolithic zirconia, delivered as STL), for the designer to change.
 */
export const EMPTY_SERVICE: ServiceCreateInput = {
  tags: [],
  title: '',
  description: '',
  toothPrice: 1,
  unitOrArch: 'unit',
  crownPrice: null,
  deliveryTime: 1,
  revisions: 1,
  cover: null,
  images: [],
  restorations: [...DEFAULT_CAPABILITIES.restorations],
  materials: [...DEFAULT_CAPABILITIES.materials],
  software: [...DEFAULT_CAPABILITIES.software],
  outputFormats: [...DEFAULT_CAPABILITIES.outputFormats],
  turnaround: { rush: null, standby: null },
  extraRevisionPrice: null,
};

interface ServiceWizardProps {
  defaultValues?: ServiceCreateInput;
  submitLabel: string;
  submittingLabel: string;
  failureText: string;
  submit: (values: Values) => Promise<Service>;
  onSuccess: (service: Service) => void;
  /** Creating: a success empties the form and returns to step 1 (docs/product.md §3.5). */
  resetOnSuccess?: boolean;
  /** Shown above the form, e.g. the link to the service just created. */
  banner?: ReactNode;
}

const toNumberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/** The two-step service form: tags first (at least one), then details, price and pictures. */
export function ServiceWizard(props: ServiceWizardProps) {
  const { defaultValues = EMPTY_SERVICE, submitLabel, submittingLabel, failureText, submit, onSuccess, resetOnSuccess, banner } = props;
  const { t, currencySymbol } = useI18n();
  const { message, failure } = useMessages();
  const labels = useLabels();
  const { currency } = usePlatformConfig();
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string>();
  const { register, control, handleSubmit, setError, trigger, reset, formState } = useForm<ServiceCreateInput, unknown, Values>({
    resolver: zodResolver(serviceCreateSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = formState;
  const symbol = currencySymbol(currency);

  const next = async () => {
    if (await trigger('tags')) setStep(1);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const service = await submit(values);
      if (resetOnSuccess) {
        reset(EMPTY_SERVICE);
        setStep(0);
      }
      onSuccess(service);
    } catch (error) {
      if (applyFieldErrors(error, setError, ['tags'])) setStep(0);
      else if (!applyFieldErrors(error, setError, DETAIL_FIELDS)) setFormError(failure(error, failureText));
    }
  });

  return (
    <Stack gap="lg">
      {banner}
      <Stepper active={step} onStepClick={setStep} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('catalogue.wizard.stepTags')} description={t('catalogue.wizard.stepTagsDescription')} />
        <Stepper.Step label={t('catalogue.wizard.stepDetails')} description={t('catalogue.wizard.stepDetailsDescription')} />
      </Stepper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate>
          {step === 0 ? (
            <Stack gap="lg">
              <Title order={2} size="h3">
                {t('catalogue.wizard.stepTags')}
              </Title>
              <Controller
                control={control}
                name="tags"
                render={({ field }) => (
                  <Fieldset legend={t('catalogue.wizard.tagsLabel')} variant="unstyled">
                    <Chip.Group multiple value={field.value ?? []} onChange={field.onChange}>
                      <Group gap="xs" mt="xs">
                        {labels.tagOptions.map((tag) => (
                          <Chip key={tag.value} value={tag.value}>
                            {tag.label}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                  </Fieldset>
                )}
              />
              {errors.tags?.message ? <FormMessage tone="error">{message(errors.tags.message)}</FormMessage> : null}
              <Group justify="flex-end">
                <Button onClick={() => void next()}>{t('catalogue.wizard.next')}</Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('catalogue.wizard.stepDetails')}
              </Title>
              {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
              <TextInput label={t('catalogue.wizard.title')} withAsterisk error={message(errors.title?.message)} {...register('title')} />
              <Textarea
                label={t('catalogue.wizard.description')}
                withAsterisk
                autosize
                minRows={4}
                error={message(errors.description?.message)}
                {...register('description')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={control}
                  name="toothPrice"
                  render={({ field }) => (
                    <NumberInput
                      label={t('catalogue.wizard.toothPrice', { currency: symbol })}
                      withAsterisk
                      decimalScale={2}
                      min={0}
                      value={field.value as number | string}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={message(errors.toothPrice?.message)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="unitOrArch"
                  render={({ field }) => (
                    <Select
                      label={t('catalogue.wizard.unitOrArch')}
                      data={[
                        { value: 'unit', label: t('catalogue.wizard.unit') },
                        { value: 'arch', label: t('catalogue.wizard.arch') },
                      ]}
                      allowDeselect={false}
                      value={field.value ?? 'unit'}
                      onChange={field.onChange}
                      ref={field.ref}
                      error={message(errors.unitOrArch?.message)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="crownPrice"
                  render={({ field }) => (
                    <NumberInput
                      label={t('catalogue.wizard.crownPrice', { currency: symbol })}
                      description={t('catalogue.wizard.crownPriceHint')}
                      decimalScale={2}
                      min={0}
                      value={(field.value as number | null | undefined) ?? ''}
                      onChange={(value) => field.onChange(toNumberOrNull(value))}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={message(errors.crownPrice?.message)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="deliveryTime"
                  render={({ field }) => (
                    <NumberInput
                      label={t('catalogue.wizard.deliveryTime')}
                      allowDecimal={false}
                      min={1}
                      max={90}
                      value={field.value as number | string}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={message(errors.deliveryTime?.message)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="revisions"
                  render={({ field }) => (
                    <NumberInput
                      label={t('catalogue.wizard.revisions')}
                      allowDecimal={false}
                      min={0}
                      max={20}
                      value={field.value as number | string}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={message(errors.revisions?.message)}
                    />
                  )}
                />
              </SimpleGrid>
              <TurnaroundFields control={control} errors={errors} currency={symbol} />
              <CapabilitiesFields control={control} errors={errors} />
              <Controller
                control={control}
                name="cover"
                render={({ field }) => (
                  <ImageField label={t('catalogue.wizard.cover')} value={field.value ?? null} onChange={field.onChange} error={message(errors.cover?.message)} />
                )}
              />
              <Controller
                control={control}
                name="images"
                render={({ field }) => (
                  <ImageListField
                    label={t('catalogue.wizard.images')}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    max={MAX_EXTRA_IMAGES}
                    error={message(errors.images?.message)}
                  />
                )}
              />
              <Group justify="space-between" mt="md">
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('catalogue.wizard.back')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? submittingLabel : submitLabel}
                </Button>
              </Group>
            </Stack>
          )}
        </form>
      </Paper>
    </Stack>
  );
}
