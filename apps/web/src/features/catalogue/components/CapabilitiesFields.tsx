import { Chip, Fieldset, Group, Stack, Text } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { capabilitySoftwareIssues, type ServiceCreateInput } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { useDentalLabels } from '@/features/orders';

type CapabilityField = 'restorations' | 'materials' | 'software' | 'outputFormats';

/** The first message of a list field: on the list itself, or on one of its items (`outputFormats.1`). */
function listError(errors: FieldErrors<ServiceCreateInput>, field: CapabilityField): string | undefined {
  const error = errors[field] as ({ message?: string } & Record<number, { message?: string } | undefined>) | undefined;
  if (!error) return undefined;
  if (error.message) return error.message;
  return Object.values(error).find((item): item is { message: string } => !!item && typeof item === 'object' && 'message' in item && !!item.message)?.message;
}

/**
 * What a service designs (docs/product.md §7.1): restorations and materials (at least one each),
 * the CAD software and the files delivered (at least one; a project file needs its software). Buyers can
 * order only these.
 */
export function CapabilitiesFields({ control, errors }: { control: Control<ServiceCreateInput>; errors: FieldErrors<ServiceCreateInput> }) {
  const { t } = useI18n();
  const { message } = useMessages();
  const dental = useDentalLabels();
  // The project-file rule in the reader's language, from the values themselves.
  const [software, outputFormats] = useWatch({ control, name: ['software', 'outputFormats'] });
  const softwareIssue = capabilitySoftwareIssues({ outputFormats: outputFormats ?? [], software: software ?? [] })[0];

  const group = (field: CapabilityField, legend: string, options: { value: string; label: string }[], required: boolean) => {
    const raw = listError(errors, field);
    const error = field === 'outputFormats' && softwareIssue && raw ? dental.issue(softwareIssue) : message(raw);
    return (
      <Controller
        control={control}
        name={field}
        render={({ field: input }) => (
          <Fieldset legend={`${legend}${required ? ' *' : ''}`} variant="unstyled">
            <Chip.Group multiple value={(input.value as string[] | undefined) ?? []} onChange={input.onChange}>
              <Group gap="xs" mt={6} data-testid={`capability-${field}`}>
                {options.map((option) => (
                  <Chip key={option.value} value={option.value} size="sm">
                    {option.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {error ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert" mt={4}>
                {error}
              </Text>
            ) : null}
          </Fieldset>
        )}
      />
    );
  };

  return (
    <Fieldset legend={t('catalogue.capabilities.title')} radius="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('catalogue.capabilities.hint')}
        </Text>
        {group('restorations', t('catalogue.capabilities.restorations'), dental.options.restorations(), true)}
        {group('materials', t('catalogue.capabilities.materials'), dental.options.materials(), true)}
        {group('software', t('catalogue.capabilities.software'), dental.options.software, false)}
        {group('outputFormats', t('catalogue.capabilities.outputFormats'), dental.options.formats(), true)}
      </Stack>
    </Fieldset>
  );
}
